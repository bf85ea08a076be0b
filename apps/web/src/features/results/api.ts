import type { TEndpoint } from '@portal/contracts/endpoint';
import type { TAssessments } from '@portal/contracts/families/results';
import { api } from '../../lib/api.ts';
import { endpointQueryFn, type TEndpointAnswer } from '../../lib/endpoint-query.ts';

/**
 * The graded-results family's term queries (docs/decisions/018-module-families.md), each derived
 * from its endpoint entry. The entries load with the first call, so zod stays off the first page.
 */
const entries = () => import('@portal/contracts/families/results').then((m) => m.resultsEndpoints);
const assignments = () => entries().then((e) => e.assignments);
const marksheet = () => entries().then((e) => e.marksheet);

type TAnswer<L extends () => Promise<TEndpoint>> = TEndpointAnswer<Awaited<ReturnType<L>>>;
export type TAssignmentsAnswer = TAnswer<typeof assignments>;
export type TMarksheetAnswer = TAnswer<typeof marksheet>;

/** A child's results of a term; the school's current term when `term` is left out. */
export type TTermRequest = { enrollNumber: string; term?: string };

/**
 * The term's assessments (`GET assessments`) or its activity and skill grades (`GET
 * co-scholastic`): two entries of one answer, a list of assessments with their legend.
 */
export type TAssessmentList = 'assessments' | 'coScholastic';
export type TAssessmentListRequest = TTermRequest & { list: TAssessmentList };

/** The query string of a term request: `term` only when one was chosen. */
const termCall = ({ enrollNumber, term }: TTermRequest) => ({
  query: term === undefined ? { enrollNumber } : { enrollNumber, term },
});

export const resultsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The term's assignments of the child, by due date, each with its state and released grade. */
    getAssignments: build.query<TAssignmentsAnswer, TTermRequest>({
      queryFn: endpointQueryFn(assignments, termCall),
    }),
    /**
     * The term's assessments (or activity and skill grades) of the child, released ones with their
     * result, and their legend.
     */
    getAssessmentList: build.query<TAssessments, TAssessmentListRequest>({
      queryFn: endpointQueryFn(
        ({ list }: TAssessmentListRequest) => entries().then((e) => e[list]),
        termCall,
      ),
    }),
    /** The term's grid of results by subject, with totals over released results. */
    getMarksheet: build.query<TMarksheetAnswer, TTermRequest>({
      queryFn: endpointQueryFn(marksheet, termCall),
    }),
  }),
});

export const { useGetAssignmentsQuery, useGetAssessmentListQuery, useGetMarksheetQuery } = resultsApi;
