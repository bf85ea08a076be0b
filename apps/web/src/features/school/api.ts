import { CLIENT_ID_HEADER, DEMO_SCHOOL_ID } from '@portal/contracts/constants';
import type { TPublicInfo, TSchoolDetails, TSchoolIdList } from '@portal/contracts/school';
import { apiPaths } from '../../config/paths.ts';
import { api } from '../../lib/api.ts';

/** The picker's choices: the server's list plus the demo school, once each, in order. */
export function schoolChoices(ids: readonly string[] | undefined): string[] {
  return [...new Set([...(ids ?? []), DEMO_SCHOOL_ID])];
}

// These public answers feed the sign-in page only. They are not checked against the zod
// schemas at run time, so zod stays off that page (the 150 KB budget); the components
// read them defensively instead.
export const schoolApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Keyed by school id, so choosing another school fetches its details. */
    getSchoolDetails: build.query<TSchoolDetails, string>({
      query: (schoolId) => ({ url: apiPaths.schoolDetails, headers: { [CLIENT_ID_HEADER]: schoolId } }),
      providesTags: ['School'],
    }),
    getPublicInfo: build.query<TPublicInfo, string>({
      query: (schoolId) => ({ url: apiPaths.publicInfo, headers: { [CLIENT_ID_HEADER]: schoolId } }),
    }),
    /** Every school id; the server has it outside production only. */
    getSchools: build.query<TSchoolIdList, void>({
      // Asked before any school is chosen: the server answers it without a school id.
      query: () => apiPaths.schools,
    }),
  }),
});

export const { useGetSchoolDetailsQuery, useGetPublicInfoQuery, useGetSchoolsQuery } = schoolApi;
