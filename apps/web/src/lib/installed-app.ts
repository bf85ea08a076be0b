import type { i18n as TI18n } from 'i18next';
import { isPickerHost } from '@portal/contracts/school-host';
import { toLanguage } from './i18n.ts';
import { KEEP_FILES_MESSAGE, type TKeepFilesMessage } from '../service-worker/messages.ts';
import { getSchoolId } from './school-id.ts';

// The portal as an installed app (docs/decisions/025-passkeys-pwa-push.md): the school's manifest
// and the service worker that keeps the built app for offline use.

/** Where the service worker is built to (vite.config.ts) and the pages it answers. */
const SERVICE_WORKER = { url: '/sw.js', scope: '/' };
const MANIFEST_PATH = '/manifest.webmanifest';

/**
 * The address of the school's manifest in a language: the server reads the school from the host,
 * and on the test environment's hosts from the `school` the picker chose.
 */
export function manifestAddress(schoolId: string, lng: string, hostname: string): string {
  const query = new URLSearchParams({ lng: toLanguage(lng) });
  if (isPickerHost(hostname) && schoolId !== '') query.set('school', schoolId);
  return `${MANIFEST_PATH}?${query.toString()}`;
}

/**
 * Links the school's manifest, in the page's language as it changes. The page has no link of its
 * own: the browser would fetch that one too, before this one named the language.
 */
export function linkSchoolManifest(i18n: TI18n, hostname: string = window.location.hostname): void {
  const link = document.createElement('link');
  link.rel = 'manifest';
  const point = (lng: string) => link.setAttribute('href', manifestAddress(getSchoolId(), lng, hostname));
  point(i18n.language);
  document.head.append(link);
  i18n.on('languageChanged', point);
}

/**
 * Gives the worker, once active, the addresses this page fetched before it answered the page's
 * requests (the worker keeps a built file as the app uses it, and did not see those).
 */
async function keepFilesFetchedBefore(): Promise<void> {
  if (navigator.serviceWorker.controller) return;
  const registration = await navigator.serviceWorker.ready;
  const message: TKeepFilesMessage = {
    type: KEEP_FILES_MESSAGE,
    addresses: performance.getEntriesByType('resource').map((entry) => entry.name),
  };
  registration.active?.postMessage(message);
}

/**
 * Registers the service worker once the page has loaded, so it never competes with the first
 * page for the network (a production build only: the development server has none).
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // The addresses of every file the app fetches until the worker answers (250 by default).
  performance.setResourceTimingBufferSize(1_000);
  const register = () => {
    navigator.serviceWorker
      .register(SERVICE_WORKER.url, { scope: SERVICE_WORKER.scope })
      .then(keepFilesFetchedBefore)
      .catch(() => {
        // Without a worker the portal works as before, online only.
      });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
