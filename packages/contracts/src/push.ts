import { z } from 'zod';
import { ZApiResult } from './api-result.ts';
import { endpoint } from './endpoint.ts';

/**
 * Web Push (docs/notifications.md, "Notifications on a device"): a parent's browser subscribes
 * with the portal's VAPID public key and hands its subscription to the portal, which pushes the
 * notices of the categories set to `instant` to it, outside the parent's quiet hours.
 */

/** The most browsers one parent may have subscribed; one more drops the one subscribed first. */
export const MAX_PUSH_SUBSCRIPTIONS = 10;

/** The longest push service address taken (those of the browsers' services are far shorter). */
export const PUSH_ENDPOINT_MAX = 1024;

export const ZPushKey = ZApiResult.extend({
  /** The portal's VAPID public key (an uncompressed P-256 point, base64url): `applicationServerKey`. */
  publicKey: z.string(),
});
export type TPushKey = z.infer<typeof ZPushKey>;

const ZPushEndpoint = z.url({ protocol: /^https?$/ }).max(PUSH_ENDPOINT_MAX);

/** A browser's subscription, as `PushSubscription.toJSON()` gives it. */
export const ZPushSubscription = z.object({
  endpoint: ZPushEndpoint,
  keys: z.object({
    /** The browser's P-256 public key: 65 bytes, base64url. */
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{87}=?$/),
    /** The browser's authentication secret: 16 bytes, base64url. */
    auth: z.string().regex(/^[A-Za-z0-9_-]{22}(==)?$/),
  }),
});
export type TPushSubscription = z.infer<typeof ZPushSubscription>;

/** Which subscription to remove: the browser's own push service address. */
export const ZPushUnsubscribe = z.object({ endpoint: ZPushEndpoint });
export type TPushUnsubscribe = z.infer<typeof ZPushUnsubscribe>;

/** What a push carries to the service worker: the notice in the parent's language. */
export type TPushMessage = {
  /** The language it is written in (Arabic shows right to left). */
  lang: 'en' | 'ar';
  title: string;
  body: string;
  /** The portal path that opens what it is about (`/` when none). */
  path: string;
  /** One per notice: the same notice pushed twice shows once. */
  tag: string;
};

export const pushEndpoints = {
  key: endpoint({ method: 'GET', path: '/push/key', module: null, response: ZPushKey }),
  /** Keeps this browser's subscription for the parent (again: refreshed, not doubled). */
  subscribe: endpoint({
    method: 'POST',
    path: '/push/subscriptions',
    module: null,
    body: ZPushSubscription,
    response: ZApiResult,
  }),
  /** Forgets this browser's subscription; one that is not the parent's is left alone. */
  unsubscribe: endpoint({
    method: 'DELETE',
    path: '/push/subscriptions',
    module: null,
    body: ZPushUnsubscribe,
    response: ZApiResult,
  }),
};
