import type { FastifyInstance } from 'fastify';
import { resultsEndpoints } from '@portal/contracts/families/results';
import type { TDatabase } from '../../db/client.ts';
import { addEndpoint } from '../../plugins/endpoint-route.ts';
import { legendOf } from './legend.ts';
import { termWork } from './term-work.ts';
import { assessmentOf, ok, scaleOfRow, termPart } from './views.ts';

/**
 * GET co-scholastic?enrollNumber&term (module `coScholasticMarks`): the child's activity and
 * skill grades of the term (categories of kind `coScholastic`), with their legend.
 */
export function coScholasticRoutes(app: FastifyInstance, db: TDatabase): void {
  addEndpoint(app, resultsEndpoints.coScholastic, async (request) => {
    const work = await termWork(db, request.session, request.query, 'coScholastic');
    const items = work.rows.map((row) => assessmentOf(row, work.scales));
    const used = work.rows.map((row) => scaleOfRow(row, work.scales));
    return { ...ok, ...termPart(work), items, legend: legendOf(used) };
  });
}
