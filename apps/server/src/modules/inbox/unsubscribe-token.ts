import {
  ALWAYS_INSTANT,
  NOTIFICATION_CATEGORIES,
  UNSUBSCRIBE_PATH,
  type TNotificationCategory,
} from '@portal/contracts/kits/inbox';
import type { TDatabase } from '../../db/client.ts';
import { portalKey, readFields, signFields } from '../../kits/signed-token.ts';
import type { TUnsubscribeLinks } from './notice-mail.ts';

// The links that stop a category's mail without signing in (docs/notifications.md,
// "Unsubscribing"; docs/decisions/021-publications-and-inbox.md). A token names one school,
// one parent and the categories it stops, signed with HMAC-SHA256 under a key the portal makes
// at its first use and keeps in `portal_secrets` (so every instance checks every other's
// links): `base64url(payload).base64url(mac)`.

/** The name of the key in `portal_secrets`. */
const KEY_NAME = 'unsubscribe';
const VERSION = 'u1';

/** What a token names: a parent of a school and the categories it stops (never `safety`). */
export type TUnsubscribeGrant = { schoolId: string; parentId: string; categories: TNotificationCategory[] };

/**
 * The signing key: made at first use (one instance wins the insert, the others read its key),
 * then read once per process and database (kits/signed-token.ts).
 */
export const unsubscribeKey = (db: TDatabase): Promise<Buffer> => portalKey(db, KEY_NAME);

/** Categories a link may stop: known ones, never an always-instant one, in the usual order. */
export function stoppable(categories: Iterable<string>): TNotificationCategory[] {
  const wanted = new Set(categories);
  return NOTIFICATION_CATEGORIES.filter(
    (category) => wanted.has(category) && !ALWAYS_INSTANT.includes(category),
  );
}

/** The token of this grant; throws when it names no category a link may stop. */
export function signUnsubscribe(key: Buffer, grant: TUnsubscribeGrant): string {
  const categories = stoppable(grant.categories);
  if (categories.length === 0) throw new Error('an unsubscribe link needs a category it may stop');
  return signFields(key, [VERSION, grant.schoolId, grant.parentId, categories.join(',')]);
}

/** What a token grants, or null when it is not one this portal signed (altered, made up, safety). */
export function readUnsubscribe(key: Buffer, token: string): TUnsubscribeGrant | null {
  const fields = readFields(key, token);
  if (!fields) return null;
  const [version, schoolId, parentId, list, ...rest] = fields;
  if (version !== VERSION || !schoolId || !parentId || !list || rest.length > 0) return null;
  const named = list.split(',');
  const categories = stoppable(named);
  if (categories.length !== named.length) return null;
  return { schoolId, parentId, categories };
}

/** Where a mail's links go: the school's web page, and the API a mail client posts to. */
export type TUnsubscribeAddresses = {
  /** The web page that shows what the link stops and stops it with a button. */
  page: (token: string) => string;
  /** The one-click address of the `List-Unsubscribe` header (RFC 8058). */
  oneClick: (token: string) => string;
};

/** The unsubscribe addresses under a school's portal address. */
export function unsubscribeAddresses(address: string): TUnsubscribeAddresses {
  return {
    page: (token) => `${address}/unsubscribe?token=${token}`,
    oneClick: (token) => `${address}/api${UNSUBSCRIBE_PATH}?token=${token}`,
  };
}

/**
 * The unsubscribe links of a parent's mail holding these categories: a page per category
 * (each its own token), and one one-click address that stops all of them. Null when the
 * school's address is unknown or every category is always instant (a safety notice).
 */
export function unsubscribeLinks(
  key: Buffer,
  address: string | null,
  owner: { schoolId: string; parentId: string },
  categories: Iterable<string>,
): TUnsubscribeLinks | null {
  const stops = stoppable(categories);
  if (!address || stops.length === 0) return null;
  const to = unsubscribeAddresses(address);
  const { schoolId, parentId } = owner;
  const token = (list: TNotificationCategory[]) =>
    signUnsubscribe(key, { schoolId, parentId, categories: list });
  return {
    pages: stops.map((category) => ({ category, href: to.page(token([category])) })),
    oneClick: to.oneClick(token(stops)),
  };
}
