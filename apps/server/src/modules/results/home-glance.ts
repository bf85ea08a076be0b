import { MAX_GLANCE_RESULTS } from '@portal/contracts/home';
import type { THomeGlanceProviders } from '../../kits/home-glance.ts';
import { assessmentRows } from './assessment-rows.ts';
import { scalesOf } from './legend.ts';
import { assessmentOf } from './views.ts';

// What the results family shows of each child on Home (docs/modules.md section 5): the latest
// released assessment results, read by the assessment marks page's own query, which keeps the
// publication gate (assessment-rows.ts): an unreleased result never leaves the database.

/** The results family's part of a child's glance. */
export const resultsHomeGlance: THomeGlanceProviders = {
  async latestResults({ db }, child) {
    const [rows, scales] = await Promise.all([
      assessmentRows(db, child, { kinds: ['assessment'], term: null, latestReleased: MAX_GLANCE_RESULTS }),
      scalesOf(db, child.schoolId),
    ]);
    return rows.map((row) => assessmentOf(row, scales));
  },
};
