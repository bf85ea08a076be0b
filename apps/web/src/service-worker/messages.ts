// What the pages and the service worker say to each other (sw.ts; lib/installed-app.ts).

/** A page's message with the addresses it fetched before the worker answered its requests. */
export const KEEP_FILES_MESSAGE = 'portal-keep-files';

export type TKeepFilesMessage = { type: typeof KEEP_FILES_MESSAGE; addresses: string[] };
