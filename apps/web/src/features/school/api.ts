import { CLIENT_ID_HEADER, DEMO_SCHOOL_ID, type TLanguage } from '@portal/contracts/constants';
import type { TPublicInfo, TSchoolDetails, TSchoolDirectory } from '@portal/contracts/school';
import { apiPaths } from '../../config/paths.ts';
import { api, keptOffline } from '../../lib/api.ts';

/** A school the picker offers: its id, names and logo. */
export interface TSchoolChoice {
  id: string;
  nameEn: string;
  nameAr: string;
  logo: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * The picker's choices: the server's directory plus the demo school, once each, in order
 * (docs/product-spec.md section 3). The directory is read defensively, like every public answer here.
 */
export function schoolChoices(directory: TSchoolDirectory | undefined): TSchoolChoice[] {
  const listed = (Array.isArray(directory) ? directory : []).map((school) => ({
    id: text(school.school_id),
    nameEn: text(school.school_name),
    nameAr: text(school.school_name_ar),
    logo: text(school.school_logo),
  }));
  const choices = [...listed, { id: DEMO_SCHOOL_ID, nameEn: '', nameAr: '', logo: '' }];
  return choices.filter(
    (choice, index) => choice.id !== '' && choices.findIndex((other) => other.id === choice.id) === index,
  );
}

/** A school's name in the language shown: Arabic where it has one, else English, else its id. */
export function choiceName(choice: TSchoolChoice, lng: TLanguage): string {
  return (lng === 'ar' && choice.nameAr) || choice.nameEn || choice.id;
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
      extraOptions: keptOffline,
    }),
    getPublicInfo: build.query<TPublicInfo, string>({
      query: (schoolId) => ({ url: apiPaths.publicInfo, headers: { [CLIENT_ID_HEADER]: schoolId } }),
    }),
    /** Every school's id, names and logo; the server has it outside production only (else 404). */
    getSchoolDirectory: build.query<TSchoolDirectory, void>({
      // Asked before any school is chosen: the server answers it without a school id.
      query: () => apiPaths.schoolDirectory,
    }),
  }),
});

export const {
  useGetSchoolDetailsQuery,
  useLazyGetSchoolDetailsQuery,
  useGetPublicInfoQuery,
  useGetSchoolDirectoryQuery,
} = schoolApi;
