import type { FastifyInstance } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import { MessageId } from '@portal/contracts/messages';
import { CARE_MODULES, careEndpoints, type TCareModule } from '@portal/contracts/families/care';
import type { TDatabase } from '../../db/client.ts';
import { medicalProfiles } from '../../db/schema/index.ts';
import { requireOwnChild } from '../../access/own-child.ts';
import { addEndpoint } from '../../plugins/endpoint-route.ts';
import type { TSessionOwner } from '../../access/session.ts';
import { logSensitiveRead } from './read-log.ts';
import { careRecordsOf } from './repository.ts';
import { careRequestsOf } from './requests.ts';
import { profileOf, summaryOf } from './views.ts';

const ok = { success: true, messageId: MessageId.ok } as const;

const ownerOf = (session: TSessionOwner) => ({ schoolId: session.schoolId, parentId: session.parentId });

/** The child's records of a module's kinds, newest first, and their counts. */
async function moduleList(db: TDatabase, session: TSessionOwner, module: TCareModule, enrollNumber: string) {
  const child = await requireOwnChild(db, session, enrollNumber);
  const items = await careRecordsOf(db, child, CARE_MODULES[module].kinds);
  return { child, answer: { ...ok, items, summary: summaryOf(items) } };
}

/**
 * GET care/<path>?enrollNumber for the nine care modules (docs/modules.md F3): one list for all,
 * registered once per module key (each behind its own grant). Medical adds the profile and
 * the parent's proposed updates; counselling the parent's meeting requests; a read of either
 * is kept in the school's log (read-log.ts).
 */
export function careListRoutes(app: FastifyInstance, db: TDatabase): void {
  const plainLists = [
    careEndpoints.meritDemerit,
    careEndpoints.incidents,
    careEndpoints.wellbeing,
    careEndpoints.goals,
    careEndpoints.improvementPlans,
    careEndpoints.portfolio,
    careEndpoints.gntPortfolio,
  ];
  for (const entry of plainLists) {
    addEndpoint(
      app,
      entry,
      async (request) =>
        (await moduleList(db, request.session, entry.module, request.query.enrollNumber)).answer,
    );
  }

  addEndpoint(app, careEndpoints.medical, async (request) => {
    const { session } = request;
    const { child, answer } = await moduleList(db, session, 'medical', request.query.enrollNumber);
    const [profile] = await db
      .select()
      .from(medicalProfiles)
      .where(
        and(
          eq(medicalProfiles.schoolId, child.schoolId),
          eq(medicalProfiles.enrollNumber, child.enrollNumber),
          isNull(medicalProfiles.removedAt),
        ),
      );
    const requests = await careRequestsOf(db, session, child.enrollNumber, 'medicalUpdate');
    await logSensitiveRead(db, { ...ownerOf(session), enrollNumber: child.enrollNumber, module: 'medical' });
    return { ...answer, profile: profile ? profileOf(profile) : null, requests };
  });

  addEndpoint(app, careEndpoints.counselling, async (request) => {
    const { session } = request;
    const { child, answer } = await moduleList(db, session, 'counselling', request.query.enrollNumber);
    const requests = await careRequestsOf(db, session, child.enrollNumber, 'counsellingRequest');
    await logSensitiveRead(db, {
      ...ownerOf(session),
      enrollNumber: child.enrollNumber,
      module: 'counselling',
    });
    return { ...answer, requests };
  });
}
