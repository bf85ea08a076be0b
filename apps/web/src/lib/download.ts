import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { api } from './api.ts';

/** A document to save: its API path, its `?lng=` and the file name if the answer gives none. */
export interface TDocumentRequest {
  url: string;
  lng: string;
  fallbackName: string;
}

/** The file name an answer's `content-disposition` gives, if any. */
export function fileNameOf(disposition: string | null | undefined): string | null {
  const match = /filename="?([^";]+)"?/i.exec(disposition ?? '');
  return match?.[1]?.trim() || null;
}

/** Saves a file the page holds (a fetched PDF) through the browser's download. */
export function saveFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the click; the address can go once the browser has it.
  window.setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

export const downloadApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Fetches a document with the session's headers (a plain link could not carry the bearer
     * token) and saves it under the name the server gives.
     */
    downloadDocument: build.mutation<null, TDocumentRequest>({
      async queryFn({ url, lng, fallbackName }, _api, _extra, baseQuery) {
        const answer = await baseQuery({
          url,
          params: { lng },
          responseHandler: (response) =>
            response.ok ? response.blob() : response.json().catch(() => undefined),
        });
        if (answer.error) return { error: answer.error };
        if (!(answer.data instanceof Blob)) {
          return { error: { status: 'CUSTOM_ERROR', error: 'The answer is not a file', data: undefined } };
        }
        const meta = answer.meta as FetchBaseQueryMeta | undefined;
        const name = fileNameOf(meta?.response?.headers.get('content-disposition')) ?? fallbackName;
        saveFile(answer.data, name);
        return { data: null };
      },
    }),
  }),
});

export const { useDownloadDocumentMutation } = downloadApi;
