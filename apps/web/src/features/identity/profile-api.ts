import type {
  TParentProfileChangeBody,
  TProfile,
  TProfileChange,
  TStudentProfile,
  TStudentProfileChangeBody,
} from '@portal/contracts/families/profiles';
import { api } from '../../lib/api.ts';
import { endpointQueryFn } from '../../lib/endpoint-query.ts';

/**
 * The parent's and the children's record pages' queries (docs/modules.md F6), each derived from
 * its endpoint entry. The entries load with the first call, so zod stays off the first page.
 */
const entries = () => import('@portal/contracts/families/profiles').then((m) => m.profileEndpoints);

/** A child's record, in the standard field set or the South Asian one. */
export type TStudentProfileArg = { enrollNumber: string; set: 'standard' | 'asian' };
export type TStudentProfileChange = TStudentProfileChangeBody & { set: 'standard' | 'asian' };

const profileBase = api.enhanceEndpoints({ addTagTypes: ['ParentProfile', 'StudentProfile'] });

export const profileApi = profileBase.injectEndpoints({
  endpoints: (build) => ({
    /** The parent's record, its open changes and the decided ones. */
    getParentProfile: build.query<TProfile, void>({
      queryFn: endpointQueryFn(
        () => entries().then((e) => e.parentProfile),
        () => ({}),
      ),
      providesTags: ['ParentProfile'],
    }),
    /** Proposes new values of the parent's fields, for the school to decide. */
    proposeParentProfileChange: build.mutation<TProfileChange, TParentProfileChangeBody>({
      queryFn: endpointQueryFn(
        () => entries().then((e) => e.proposeParentProfileChange),
        (body: TParentProfileChangeBody) => ({ body }),
        (answer) => answer.change,
      ),
      // Sent, or refused because a change is already waiting: the page's copy is refreshed.
      invalidatesTags: ['ParentProfile'],
    }),
    /** A child's record in one field set. */
    getStudentProfile: build.query<TStudentProfile, TStudentProfileArg>({
      queryFn: endpointQueryFn(
        ({ set }: TStudentProfileArg) =>
          entries().then((e) => (set === 'asian' ? e.studentProfileAsian : e.studentProfile)),
        ({ enrollNumber }: TStudentProfileArg) => ({ query: { enrollNumber } }),
      ),
      providesTags: (_answer, _error, { enrollNumber }) => [{ type: 'StudentProfile', id: enrollNumber }],
    }),
    /** Proposes new values of a child's fields, for the school to decide. */
    proposeStudentProfileChange: build.mutation<TProfileChange, TStudentProfileChange>({
      queryFn: endpointQueryFn(
        ({ set }: TStudentProfileChange) =>
          entries().then((e) =>
            set === 'asian' ? e.proposeStudentProfileAsianChange : e.proposeStudentProfileChange,
          ),
        ({ set: _set, ...body }: TStudentProfileChange) => ({ body }),
        (answer) => answer.change,
      ),
      // Both field sets show the child's changes.
      invalidatesTags: (_answer, _error, { enrollNumber }) => [{ type: 'StudentProfile', id: enrollNumber }],
    }),
  }),
});

export const {
  useGetParentProfileQuery,
  useProposeParentProfileChangeMutation,
  useGetStudentProfileQuery,
  useProposeStudentProfileChangeMutation,
} = profileApi;
