import type { FastifyPluginAsync } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import {
  accountEndpoints,
  type TAccountSettings,
  type TAccountSettingsChange,
} from '@portal/contracts/account';
import { MessageId } from '@portal/contracts/messages';
import type { TDatabase } from '../../db/client.ts';
import { accountSettings } from '../../db/schema/index.ts';
import { requireSession } from '../../plugins/auth.ts';
import { addEndpoint } from '../../plugins/endpoint-route.ts';

type TOwner = { schoolId: string; parentId: string };

const DEFAULTS: TAccountSettings = { pinnedModules: [], language: null, theme: null };

/** The parent's settings; the defaults when none was ever saved. */
export async function readAccountSettings(db: TDatabase, owner: TOwner): Promise<TAccountSettings> {
  const [row] = await db
    .select({
      pinnedModules: accountSettings.pinnedModules,
      language: accountSettings.language,
      theme: accountSettings.theme,
    })
    .from(accountSettings)
    .where(and(eq(accountSettings.schoolId, owner.schoolId), eq(accountSettings.parentId, owner.parentId)))
    .limit(1);
  if (!row) return DEFAULTS;
  return {
    pinnedModules: row.pinnedModules,
    language: row.language === 'en' || row.language === 'ar' ? row.language : null,
    theme: row.theme === 'light' || row.theme === 'dark' ? row.theme : null,
  };
}

/** Saves the settings named in the change (one statement: two tabs saving at once both land). */
async function changeAccountSettings(db: TDatabase, owner: TOwner, change: TAccountSettingsChange) {
  const set = {
    ...(change.pinnedModules !== undefined ? { pinnedModules: change.pinnedModules } : {}),
    ...(change.language !== undefined ? { language: change.language } : {}),
    ...(change.theme !== undefined ? { theme: change.theme } : {}),
  };
  await db
    .insert(accountSettings)
    .values({ ...owner, ...set })
    .onConflictDoUpdate({
      target: [accountSettings.schoolId, accountSettings.parentId],
      set: { ...set, updatedAt: sql`now()` },
    });
}

/** GET and PATCH /account/settings: what the parent keeps on the account (any signed-in parent). */
export const accountSettingsRoutes: FastifyPluginAsync<{ db: TDatabase }> = async (app, { db }) => {
  requireSession(app);
  const ok = { success: true, messageId: MessageId.ok } as const;
  addEndpoint(app, accountEndpoints.settings, async (request) => ({
    ...ok,
    settings: await readAccountSettings(db, request.session),
  }));
  addEndpoint(app, accountEndpoints.changeSettings, async (request) => {
    await changeAccountSettings(db, request.session, request.body);
    return { ...ok, settings: await readAccountSettings(db, request.session) };
  });
};
