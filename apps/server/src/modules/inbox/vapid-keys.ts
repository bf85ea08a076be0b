import webPush from 'web-push';
import type { TDatabase } from '../../db/client.ts';
import { portalSecret } from '../../kits/signed-token.ts';

// The portal's VAPID key pair (RFC 8292), which signs every push it sends (docs/notifications.md,
// "Notifications on a device"). It is made at the first start and kept in `portal_secrets` as
// one row, so that both halves come from the instance whose insert won and every instance
// signs with the key the browsers subscribed with.

/** The name of the key pair in `portal_secrets`. */
const SECRET_NAME = 'vapid';

/** Both halves, base64url: the public key an uncompressed P-256 point, the private key 32 bytes. */
export type TVapidKeys = { publicKey: string; privateKey: string };

/** The portal's VAPID key pair: made at first use, then read once per process and database. */
export async function vapidKeys(db: TDatabase): Promise<TVapidKeys> {
  const value = await portalSecret(db, SECRET_NAME, () => {
    const { publicKey, privateKey } = webPush.generateVAPIDKeys();
    return JSON.stringify({ publicKey, privateKey });
  });
  const keys = JSON.parse(value) as Partial<TVapidKeys>;
  if (typeof keys.publicKey !== 'string' || typeof keys.privateKey !== 'string')
    throw new Error(`the portal secret ${SECRET_NAME} is not a key pair`);
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}

/**
 * Who push services may contact about the portal's pushes: a `mailto:` of the portal's
 * sender address (`MAIL_FROM`, e.g. `Parent portal <no-reply@portal.example>`).
 */
export function vapidSubject(mailFrom: string): string {
  const address = /<([^<>\s]+@[^<>\s]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}
