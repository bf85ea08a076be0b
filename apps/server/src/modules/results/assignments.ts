import type { FastifyInstance } from 'fastify';
import { resultsEndpoints } from '@portal/contracts/families/results';
import type { TDatabase } from '../../db/client.ts';
import { addEndpoint } from '../../plugins/endpoint-route.ts';
import { legendOf } from './legend.ts';
import { termWork } from './term-work.ts';
import { assessmentOf, assignmentStateOf, ok, scaleOfRow, termPart } from './views.ts';

/**
 * GET assignments?enrollNumber&term (module `assignments`): the term's assignments of the
 * child by due date, each with its state (due, late, handed in, graded) and its grade once
 * released.
 */
export function assignmentRoutes(app: FastifyInstance, db: TDatabase): void {
  addEndpoint(app, resultsEndpoints.assignments, async (request) => {
    const work = await termWork(db, request.session, request.query, 'assignment');
    const items = work.rows.map((row) => ({
      ...assessmentOf(row, work.scales),
      state: assignmentStateOf(row, work.today),
    }));
    const used = work.rows.map((row) => scaleOfRow(row, work.scales));
    return { ...ok, ...termPart(work), items, legend: legendOf(used) };
  });
}
