import type { TPushSubscription } from '@portal/contracts/push';

// This browser's side of Web Push (docs/notifications.md, "Notifications on a device"): whether
// it can show the portal's notifications, and its subscription with the push service, made
// with the portal's public key through the service worker.

/** Where this device stands: cannot show notifications, blocked by the parent, off, or on. */
export type TDevicePushState = 'unsupported' | 'blocked' | 'off' | 'on';

/** How long to wait for the service worker to be registered (it is once the app has loaded). */
const REGISTERED_TIMEOUT_MS = 5_000;

/** True when the browser has what Web Push needs: a service worker, a push manager, notifications. */
export function browserCanPush(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The answer of some work, or null when it takes longer than `ms`. */
async function within<T>(work: Promise<T>, ms: number): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The portal's service worker registration, which may still be installing (a subscription is
 * read from it at once; `subscribeDevice` waits until it is active); null when the browser has
 * none for it.
 */
export async function pushRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!browserCanPush()) return null;
  const registered = await navigator.serviceWorker.getRegistration();
  return registered ?? within(navigator.serviceWorker.ready, REGISTERED_TIMEOUT_MS);
}

/** This browser's subscription and what it means for the parent. */
export async function deviceState(
  registration: ServiceWorkerRegistration | null,
): Promise<{ state: TDevicePushState; subscription: PushSubscription | null }> {
  if (!registration) return { state: 'unsupported', subscription: null };
  if (Notification.permission === 'denied') return { state: 'blocked', subscription: null };
  const subscription = await registration.pushManager.getSubscription();
  return subscription && Notification.permission === 'granted'
    ? { state: 'on', subscription }
    : { state: 'off', subscription };
}

/** The bytes of a base64url value (the portal's public key). */
export function bytesOf(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

function sameBytes(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const bytes = new Uint8Array(a);
  return bytes.every((byte, index) => byte === b[index]);
}

/**
 * Subscribes this browser with the portal's key; a subscription made with another key (the
 * portal's keys were made again) is replaced.
 */
export async function subscribeDevice(
  registration: ServiceWorkerRegistration,
  publicKey: string,
): Promise<PushSubscription> {
  const key = bytesOf(publicKey);
  // Subscribing needs the worker active, not only registered.
  if (!registration.active) await navigator.serviceWorker.ready;
  const existing = await registration.pushManager.getSubscription();
  if (existing && sameBytes(existing.options.applicationServerKey, key)) return existing;
  if (existing) await existing.unsubscribe();
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

/** A subscription as the portal takes it. */
export function subscriptionBody(subscription: PushSubscription): TPushSubscription {
  const json = subscription.toJSON();
  return {
    endpoint: json.endpoint ?? subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

/** How long signing out waits for this browser to leave its push service. */
const LEAVE_TIMEOUT_MS = 2_000;

/**
 * Unsubscribes this browser from the portal's pushes, so a shared device stops showing the
 * notices of a parent who signed out; answers the address the portal should forget (null when
 * the browser had no subscription). Never throws, and waits at most LEAVE_TIMEOUT_MS.
 */
export async function leavePushOnThisDevice(): Promise<string | null> {
  if (!browserCanPush()) return null;
  const leave = async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    const subscription = await registration?.pushManager.getSubscription();
    if (!subscription) return null;
    await subscription.unsubscribe();
    return subscription.endpoint;
  };
  return within(
    leave().catch(() => null),
    LEAVE_TIMEOUT_MS,
  );
}
