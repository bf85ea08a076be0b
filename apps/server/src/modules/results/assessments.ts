import type { FastifyInstance } from 'fastify';
import { resultsEndpoints } from '@portal/contracts/families/results';
import type { TDatabase } from '../../db/client.ts';
import { addEndpoint } from '../../plugins/endpoint-route.ts';
import { legendOf } from './legend.ts';
import { termWork } from './term-work.ts';
import { assessmentOf, ok, scaleOfRow, termPart } from './views.ts';

/**
 * GET assessments?enrollNumber&term (module `assessmentMarks`): the term's assessments of the
 * child, released ones with their score, band and descriptor, and the legend of their scales.
 */
export function assessmentRoutes(app: FastifyInstance, db: TDatabase): void {
  addEndpoint(app, resultsEndpoints.assessments, async (request) => {
    const work = await termWork(db, request.session, request.query, 'assessment');
    const items = work.rows.map((row) => assessmentOf(row, work.scales));
    const used = work.rows.map((row) => scaleOfRow(row, work.scales));
    return { ...ok, ...termPart(work), items, legend: legendOf(used) };
  });
}
