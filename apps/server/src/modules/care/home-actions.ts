import { CARE_MODULES } from '@portal/contracts/families/care';
import type { THomeActionDraft, THomeActionProvider } from '../../kits/home-actions.ts';
import { careRecordsOf } from './repository.ts';

// What the care family asks of a parent on Home (docs/modules.md section 5), read with the
// incidents list's own query (repository.ts), so an item leaves once the incident is acknowledged.

/** The most incidents one answer names (each child's newest first). */
const MAX_INCIDENTS = 50;

/**
 * Incidents published for a child that the school asks to acknowledge and nobody has yet (the
 * incidents page's "to acknowledge"); the children are the parent's own (the context's list).
 */
const incidentAck: THomeActionProvider = {
  modules: ['incidents'],
  async items(context) {
    const lists = await Promise.all(
      context.children.map(async ({ enrollNumber }) => ({
        enrollNumber,
        records: await careRecordsOf(
          context.db,
          { schoolId: context.schoolId, enrollNumber },
          CARE_MODULES.incidents.kinds,
        ),
      })),
    );
    return lists
      .flatMap(({ enrollNumber, records }) =>
        records
          .filter((record) => record.requiresAck && record.acknowledgedAt === null)
          .map((record): THomeActionDraft => ({
            kind: 'incidentAck',
            enrollNumber,
            title: record.title,
            titleAr: record.titleAr,
            dueOn: null,
            overdue: false,
            amount: null,
            source: record.id,
          })),
      )
      .slice(0, MAX_INCIDENTS);
  },
};

/** What the care family asks of a parent on Home (docs/modules.md section 5). */
export const careHomeActions: readonly THomeActionProvider[] = [incidentAck];
