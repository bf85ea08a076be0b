import { createPublicKey } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { MessageId } from '@portal/contracts/messages';
import { MAX_PUSH_SUBSCRIPTIONS, pushEndpoints, type TPushSubscription } from '@portal/contracts/push';
import { ApiError } from '../../api-error.ts';
import type { TDatabase } from '../../db/client.ts';
import { pushSubscriptions } from '../../db/schema/index.ts';
import { requireSession } from '../../plugins/auth.ts';
import { addEndpoint } from '../../plugins/endpoint-route.ts';
import { vapidKeys } from './vapid-keys.ts';

// A parent's browsers for Web Push (docs/notifications.md, "Notifications on a device"): the
// portal's public key to subscribe with, and the subscriptions kept and removed, each parent's
// own. The portal only ever sends to the browsers' push services: a subscription naming any
// other address is refused, so that no one can make the portal post to a host of their choice.

/** Reads of the public key one parent may make a minute. */
const KEY_READS_PER_MINUTE = 60;
/** Subscriptions one parent may keep or remove an hour (the settings page refreshes its own). */
const CHANGES_PER_HOUR = 30;
/** The longest User-Agent kept with a subscription. */
const USER_AGENT_MAX = 300;

/** The hosts of the browsers' push services (and their subdomains). */
const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
];
/** This machine: taken outside production only, for local push services in development and tests. */
const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/** True when the portal may send pushes to this address. */
export function isPushServiceAddress(endpoint: string, isProduction: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username !== '' || url.password !== '') return false;
  const host = url.hostname.toLowerCase();
  if (!isProduction && LOCAL_HOSTS.includes(host))
    return url.protocol === 'http:' || url.protocol === 'https:';
  return (
    url.protocol === 'https:' &&
    (url.port === '' || url.port === '443') &&
    PUSH_SERVICE_HOSTS.some((service) => host === service || host.endsWith(`.${service}`))
  );
}

/** A base64url value without its padding. */
const unpadded = (value: string) => value.replace(/=+$/, '');

/** True when the browser's key is a point of the P-256 curve (what the push is encrypted for). */
function isP256Point(p256dh: string): boolean {
  const point = Buffer.from(p256dh, 'base64url');
  if (point.length !== 65 || point[0] !== 0x04) return false;
  try {
    createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
    return true;
  } catch {
    return false;
  }
}

const refused = (message: string) => new ApiError(400, MessageId.pushSubscriptionRefused, message);

/** Keeps a browser's subscription for the parent; a parent keeps MAX_PUSH_SUBSCRIPTIONS at most. */
async function keepSubscription(
  db: TDatabase,
  owner: { schoolId: string; parentId: string },
  subscription: TPushSubscription,
  userAgent: string,
): Promise<void> {
  const values = {
    ...owner,
    endpoint: subscription.endpoint,
    p256dh: unpadded(subscription.keys.p256dh),
    auth: unpadded(subscription.keys.auth),
    userAgent,
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(pushSubscriptions)
      .values(values)
      .onConflictDoUpdate({
        target: [pushSubscriptions.schoolId, pushSubscriptions.endpoint],
        set: {
          p256dh: values.p256dh,
          auth: values.auth,
          userAgent,
          // A browser another parent of the school subscribed before is this parent's now.
          createdAt: sql`case when ${pushSubscriptions.parentId} = ${owner.parentId} then ${pushSubscriptions.createdAt} else now() end`,
          parentId: owner.parentId,
        },
      });
    const beyond = await tx
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(
        and(eq(pushSubscriptions.schoolId, owner.schoolId), eq(pushSubscriptions.parentId, owner.parentId)),
      )
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.endpoint))
      .offset(MAX_PUSH_SUBSCRIPTIONS);
    if (beyond.length === 0) return;
    await tx.delete(pushSubscriptions).where(
      and(
        eq(pushSubscriptions.schoolId, owner.schoolId),
        eq(pushSubscriptions.parentId, owner.parentId),
        inArray(
          pushSubscriptions.endpoint,
          beyond.map((row) => row.endpoint),
        ),
      ),
    );
  });
}

/** GET push/key, POST and DELETE push/subscriptions (any signed-in parent). */
export const pushRoutes: FastifyPluginAsync<{ db: TDatabase; isProduction: boolean }> = async (
  app,
  { db, isProduction },
) => {
  requireSession(app);
  const ok = { success: true, messageId: MessageId.ok } as const;
  const keyReads = app.limit({
    max: KEY_READS_PER_MINUTE,
    windowMs: 60_000,
    key: (request) => `push-key:${request.session.schoolId}:${request.session.parentId}`,
  });
  const changes = app.limit({
    max: CHANGES_PER_HOUR,
    windowMs: 60 * 60_000,
    key: (request) => `push-subscriptions:${request.session.schoolId}:${request.session.parentId}`,
  });
  addEndpoint(app, pushEndpoints.key, async () => ({ ...ok, publicKey: (await vapidKeys(db)).publicKey }), {
    preHandler: keyReads,
  });
  addEndpoint(
    app,
    pushEndpoints.subscribe,
    async (request) => {
      const subscription = request.body;
      if (!isPushServiceAddress(subscription.endpoint, isProduction))
        throw refused('The subscription is not of a push service the portal sends to');
      if (!isP256Point(unpadded(subscription.keys.p256dh)))
        throw refused('The subscription key is not a P-256 public key');
      const userAgent = (request.headers['user-agent'] ?? '').slice(0, USER_AGENT_MAX);
      await keepSubscription(db, request.session, subscription, userAgent);
      return ok;
    },
    { preHandler: changes },
  );
  addEndpoint(
    app,
    pushEndpoints.unsubscribe,
    async (request) => {
      const { schoolId, parentId } = request.session;
      // Only the parent's own: another's (or none) is left as it is, with the same answer.
      await db
        .delete(pushSubscriptions)
        .where(
          and(
            eq(pushSubscriptions.schoolId, schoolId),
            eq(pushSubscriptions.parentId, parentId),
            eq(pushSubscriptions.endpoint, request.body.endpoint),
          ),
        );
      return ok;
    },
    { preHandler: changes },
  );
};
