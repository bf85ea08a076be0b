import { z } from 'zod';
import { ZApiResult } from '../api-result.ts';
import { endpoint } from '../endpoint.ts';
import { ZEnrollNumber } from '../fees.ts';
import { ZInstant, ZTimeOfDay } from './dates.ts';
import { OPAQUE_TOKEN, ZPageQuery } from './paging.ts';

/**
 * The notification inbox (docs/notifications.md): one per parent, every notice naming its
 * child, and how each category reaches the parent. The inbox and the preferences are the
 * `notifications` module; a school without it still mails its parents, with the default modes.
 */

export const NOTIFICATION_CATEGORIES = [
  'attendance',
  'academics',
  'conduct',
  'health',
  'announcements',
  'messages',
  'requests',
  'calendar',
  'fees',
  'documents',
  'safety',
] as const;
export type TNotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

export const NOTIFICATION_MODES = ['instant', 'digest', 'off'] as const;
export type TNotificationMode = (typeof NOTIFICATION_MODES)[number];

/** `safety` is always instant: it cannot be set to digest or off. */
export const ALWAYS_INSTANT: readonly TNotificationCategory[] = ['safety'];

export const ZNotification = z.object({
  id: z.uuid(),
  category: z.enum(NOTIFICATION_CATEGORIES),
  kind: z.string(),
  /** The child it is about; null for the whole family. */
  enrollNumber: ZEnrollNumber.nullable(),
  childName: z.string().nullable(),
  title: z.string(),
  titleAr: z.string(),
  body: z.string(),
  bodyAr: z.string(),
  /** The portal path that opens what it is about ('' when none). */
  path: z.string(),
  createdAt: ZInstant,
  readAt: ZInstant.nullable(),
});
export type TNotification = z.infer<typeof ZNotification>;

export const ZNotificationsQuery = z
  .object({
    enrollNumber: ZEnrollNumber.optional(),
    category: z.enum(NOTIFICATION_CATEGORIES).optional(),
    unread: z.enum(['1', '0']).optional(),
  })
  .extend(ZPageQuery.shape);

export const ZNotifications = ZApiResult.extend({
  items: z.array(ZNotification),
  /** How many of the parent's notices are unread, whatever the filters. */
  unread: z.number().int().nonnegative(),
  nextCursor: z.string().nullable(),
});
export type TNotifications = z.infer<typeof ZNotifications>;

/** Marks the given notices read, or every notice with `all`. */
export const ZMarkRead = z.union([
  z.object({ ids: z.array(z.uuid()).min(1).max(200) }),
  z.object({ all: z.literal(true) }),
]);

export const ZUnread = ZApiResult.extend({ unread: z.number().int().nonnegative() });

export const ZNotificationPreferences = z.object({
  categories: z
    .array(z.object({ category: z.enum(NOTIFICATION_CATEGORIES), mode: z.enum(NOTIFICATION_MODES) }))
    .max(NOTIFICATION_CATEGORIES.length),
  /** No mail in these hours (school time), except safety notices; null: none. */
  quietHours: z.object({ from: ZTimeOfDay, to: ZTimeOfDay }).nullable(),
  /** When the daily digest is mailed (school time). */
  digestAt: ZTimeOfDay,
  /** The language of the parent's mail. */
  language: z.enum(['en', 'ar']),
});
export type TNotificationPreferences = z.infer<typeof ZNotificationPreferences>;

export const ZNotificationPreferencesAnswer = ZApiResult.extend({ preferences: ZNotificationPreferences });

export const inboxEndpoints = {
  notifications: endpoint({
    method: 'GET',
    path: '/notifications',
    module: 'notifications',
    query: ZNotificationsQuery,
    response: ZNotifications,
  }),
  markRead: endpoint({
    method: 'POST',
    path: '/notifications/read',
    module: 'notifications',
    body: ZMarkRead,
    response: ZUnread,
  }),
  preferences: endpoint({
    method: 'GET',
    path: '/notification-preferences',
    module: 'notifications',
    response: ZNotificationPreferencesAnswer,
  }),
  savePreferences: endpoint({
    method: 'PUT',
    path: '/notification-preferences',
    module: 'notifications',
    body: ZNotificationPreferences,
    response: ZNotificationPreferencesAnswer,
  }),
};

/**
 * Unsubscribing from a category by the link in its mail, without signing in
 * (`/api/v1/oa/public/unsubscribe?token=`): GET says what the link stops, POST stops it (also
 * the one-click POST of the `List-Unsubscribe-Post` header). The token is signed by the portal
 * and names one parent and one category; the web page is `/unsubscribe?token=`.
 */
export const UNSUBSCRIBE_PATH = '/v1/oa/public/unsubscribe';

export const ZUnsubscribeQuery = z.object({ token: z.string().min(1).max(512).describe(OPAQUE_TOKEN) });

export const ZUnsubscribeAnswer = ZApiResult.extend({
  category: z.enum(NOTIFICATION_CATEGORIES),
  /** The category's mode now (`off` once unsubscribed). */
  mode: z.enum(NOTIFICATION_MODES),
  /**
   * Every category the link stops, `category` first: one for a notice's link, all of a
   * digest's for the digest's one-click header (docs/notifications.md, "Unsubscribing").
   */
  categories: z.array(
    z.object({ category: z.enum(NOTIFICATION_CATEGORIES), mode: z.enum(NOTIFICATION_MODES) }),
  ),
  /** The address the mail went to, partly hidden (`p•••@mogra.demo`). */
  email: z.string(),
});
export type TUnsubscribeAnswer = z.infer<typeof ZUnsubscribeAnswer>;
