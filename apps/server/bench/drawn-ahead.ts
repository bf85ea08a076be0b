// Before the release-day peak, the portal's own job draws every published report card
// (src/modules/results/report-card-drawings.ts), as it would between a school's publication and
// the parents' arrival. The bench waits for it and reports how long it took: the time a school
// must leave between publishing and the release for the cards to be sent, not drawn, on the day.
import pg from 'pg';
import type { TBenchDatabase } from './bench-database.ts';
import type { TReport } from './report.ts';

const POLL_MS = 2_000;
const LONGEST_WAIT_MS = 3_600_000;

// The cards the job draws (report-card-drawings.ts, `dueCards`), counted.
const UNDRAWN = `select count(*)::int as undrawn, (select count(*)::int from report_card_drawings) as drawn
  from report_cards c
  where c.published_at is not null and c.removed_at is null and c.pdf_en is null and c.pdf_ar is null
    and (select count(*) from report_card_drawings d
         where d.school_id = c.school_id and d.report_card_id = c.report_card_id) < 2`;

/** Waits until the portal has drawn every published card; reports the drawings and the time. */
export async function waitForDrawings(report: TReport, database: TBenchDatabase): Promise<void> {
  const section = 'Report cards drawn ahead of the peak (PostgreSQL)';
  const url = database.env.DATABASE_URL;
  if (!url) {
    // One process holds a PGlite directory: the bench cannot look while the portal runs.
    process.stdout.write('  report cards: not waited for (PGlite), the peak may draw them\n');
    return;
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const started = performance.now();
    for (;;) {
      const { rows } = await client.query<{ undrawn: number; drawn: number }>(UNDRAWN);
      const { undrawn, drawn } = rows[0] ?? { undrawn: 0, drawn: 0 };
      const seconds = (performance.now() - started) / 1000;
      if (undrawn === 0) {
        process.stdout.write(`  report cards drawn ahead: ${drawn} drawings in ${seconds.toFixed(0)} s\n`);
        report.add({
          id: 'peak.drawnAhead',
          section,
          name: 'report card drawings made ahead',
          value: drawn,
          unit: 'PDFs',
        });
        report.add({
          id: 'peak.drawingTime',
          section,
          name: 'time to draw them after the start',
          value: seconds,
          unit: 's',
        });
        return;
      }
      if (seconds * 1000 > LONGEST_WAIT_MS)
        throw new Error(`report cards: ${undrawn} still not drawn after an hour`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  } finally {
    await client.end();
  }
}
