import { useTranslation } from 'react-i18next';
import { finalAdmissionPeriod, type TSchoolDetails } from '@portal/contracts/school';
import { toLanguage } from '../../lib/i18n.ts';
import { useGetSchoolDetailsQuery } from './api.ts';

function listOf<T>(value: readonly T[] | undefined): readonly T[] {
  return Array.isArray(value) ? value : [];
}

/** The school's identity in the current language; fetched only once a school id is set. */
export function useSchool(schoolId: string) {
  const { i18n } = useTranslation();
  const lng = toLanguage(i18n.language);
  const query = useGetSchoolDetailsQuery(schoolId, { skip: schoolId === '' });
  const details: Partial<TSchoolDetails> | undefined = query.data;
  const first = listOf(details?.schoolNameLogo)[0];
  const name = first ? (lng === 'ar' && first.school_name_ar ? first.school_name_ar : first.school_name) : '';
  const banners = listOf(details?.swiperText)
    .map((text) => (lng === 'ar' && text.text_ar ? text.text_ar : text.text_en))
    .filter((text) => typeof text === 'string' && text.trim() !== '');
  return {
    lng,
    name: name ?? '',
    logo: first?.school_logo ?? '',
    banners,
    admission: details ? finalAdmissionPeriod(listOf(details.schoolDates)) : null,
    isLoading: query.isLoading,
    isError: query.isError,
  };
}
