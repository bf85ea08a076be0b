// Web Push in the service worker (docs/notifications.md, "Notifications on a device"): a push
// shows the notice it carries (already in the parent's language), and a click on it brings
// the portal forward at the notice's page.
import type { TPushMessage } from '@portal/contracts/push';

declare const self: ServiceWorkerGlobalScope;

/** The manifest the server writes for the school of this host, in the browser's language. */
const MANIFEST_PATH = '/manifest.webmanifest';
/** How long showing a push may wait for the school's icon. */
const MANIFEST_TIMEOUT_MS = 3_000;

type TManifest = { name?: string; icons?: { src: string; purpose?: string }[] };

/** The school's name and icon, from its manifest; nothing when it cannot be had (offline). */
async function schoolLook(): Promise<{ name?: string; icon?: string }> {
  try {
    const response = await fetch(MANIFEST_PATH, { signal: AbortSignal.timeout(MANIFEST_TIMEOUT_MS) });
    if (!response.ok) return {};
    const manifest = (await response.json()) as TManifest;
    return {
      name: manifest.name,
      icon: manifest.icons?.find((icon) => icon.purpose !== 'maskable')?.src,
    };
  } catch {
    return {};
  }
}

/** The message a push carries, or null when it is not one of the portal's. */
function messageOf(event: PushEvent): TPushMessage | null {
  try {
    const data = event.data?.json() as Partial<TPushMessage> | undefined;
    if (!data || typeof data.title !== 'string' || typeof data.body !== 'string') return null;
    return {
      lang: data.lang === 'ar' ? 'ar' : 'en',
      title: data.title,
      body: data.body,
      path: typeof data.path === 'string' ? data.path : '/',
      tag: typeof data.tag === 'string' ? data.tag : '',
    };
  } catch {
    return null;
  }
}

/** A page of this portal for a notice's path; the portal's start when the path is not one. */
function portalAddress(path: unknown): string {
  const origin = self.location.origin;
  if (typeof path !== 'string') return `${origin}/`;
  const url = new URL(path, origin);
  return url.origin === origin ? url.href : `${origin}/`;
}

async function showPush(event: PushEvent): Promise<void> {
  const message = messageOf(event);
  const look = await schoolLook();
  // A push the browser could not read still shows (a push must); the school's name says whose.
  const title = message?.title || look.name || self.location.hostname;
  await self.registration.showNotification(title, {
    body: message?.body ?? '',
    lang: message?.lang,
    dir: message?.lang === 'ar' ? 'rtl' : 'ltr',
    ...(look.icon ? { icon: look.icon } : {}),
    ...(message?.tag ? { tag: message.tag } : {}),
    data: { path: message?.path ?? '/' },
  });
}

/** Brings a portal window forward at the address, or opens one there. */
async function openPortalAt(address: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const portal = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (!portal) {
    await self.clients.openWindow(address);
    return;
  }
  const focused = await portal.focus();
  if (focused.url !== address) await focused.navigate(address).catch(() => self.clients.openWindow(address));
}

self.addEventListener('push', (event) => {
  event.waitUntil(showPush(event));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { path?: unknown } | null;
  event.waitUntil(openPortalAt(portalAddress(data?.path)));
});
