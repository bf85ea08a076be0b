import { and, eq, sql } from 'drizzle-orm';
import {
  ALWAYS_INSTANT,
  NOTIFICATION_CATEGORIES,
  type TNotificationPreferences,
} from '@portal/contracts/kits/inbox';
import { MessageId } from '@portal/contracts/messages';
import { ApiError } from '../../api-error.ts';
import type { TDatabase } from '../../db/client.ts';
import { notificationPreferences, parentSettings } from '../../db/schema/index.ts';
import { modeOf } from '../../kits/notify.ts';

// How each category reaches a parent, their quiet hours, digest time and mail language
// (docs/notifications.md). A category never chosen has its default mode.

type TOwner = { schoolId: string; parentId: string };

/** When the digest goes when the parent has not chosen (school time). */
export const DEFAULT_DIGEST_AT = '18:00';

/** The parent's preferences, every category with the mode that applies. */
export async function preferencesOf(db: TDatabase, owner: TOwner): Promise<TNotificationPreferences> {
  const [chosen, [settings]] = await Promise.all([
    db
      .select({ category: notificationPreferences.category, mode: notificationPreferences.mode })
      .from(notificationPreferences)
      .where(
        and(
          eq(notificationPreferences.schoolId, owner.schoolId),
          eq(notificationPreferences.parentId, owner.parentId),
        ),
      ),
    db
      .select()
      .from(parentSettings)
      .where(and(eq(parentSettings.schoolId, owner.schoolId), eq(parentSettings.parentId, owner.parentId))),
  ]);
  const modes = new Map(chosen.map((row) => [row.category, row.mode]));
  return {
    categories: NOTIFICATION_CATEGORIES.map((category) => ({
      category,
      mode: modeOf(category, modes.get(category)),
    })),
    quietHours:
      settings?.quietFrom && settings.quietTo ? { from: settings.quietFrom, to: settings.quietTo } : null,
    digestAt: settings?.digestAt ?? DEFAULT_DIGEST_AT,
    language: settings?.language === 'ar' ? 'ar' : 'en',
  };
}

const invalid = (message: string) => new ApiError(400, MessageId.invalidRequest, message);

/**
 * Saves the preferences: the categories given (the others keep theirs), quiet hours, digest
 * time and language. `safety` is always instant (400 `V001`).
 */
export async function savePreferences(
  db: TDatabase,
  owner: TOwner,
  preferences: TNotificationPreferences,
): Promise<void> {
  const categories = preferences.categories.map((choice) => choice.category);
  if (new Set(categories).size !== categories.length) throw invalid('A category is given twice');
  for (const choice of preferences.categories)
    if (ALWAYS_INSTANT.includes(choice.category) && choice.mode !== 'instant')
      throw invalid(`The ${choice.category} category is always instant`);
  // Quiet hours from a time to the same time hold nothing: none are kept.
  const quiet =
    preferences.quietHours && preferences.quietHours.from !== preferences.quietHours.to
      ? preferences.quietHours
      : null;
  await db.transaction(async (tx) => {
    if (preferences.categories.length > 0) {
      await tx
        .insert(notificationPreferences)
        .values(
          preferences.categories.map((choice) => ({
            ...owner,
            category: choice.category,
            mode: choice.mode,
          })),
        )
        .onConflictDoUpdate({
          target: [
            notificationPreferences.schoolId,
            notificationPreferences.parentId,
            notificationPreferences.category,
          ],
          set: { mode: sql`excluded.mode` },
        });
    }
    const settings = {
      language: preferences.language,
      quietFrom: quiet?.from ?? null,
      quietTo: quiet?.to ?? null,
      digestAt: preferences.digestAt,
    };
    await tx
      .insert(parentSettings)
      .values({ ...owner, ...settings })
      .onConflictDoUpdate({ target: [parentSettings.schoolId, parentSettings.parentId], set: settings });
  });
}
