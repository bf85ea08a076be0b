import { useTranslation } from 'react-i18next';
import type { TLanguage } from '@portal/contracts/constants';
import { finalAdmissionPeriod, type TSchoolContact, type TSchoolDetails } from '@portal/contracts/school';
import { toLanguage } from '../../lib/i18n.ts';
import { useGetSchoolDetailsQuery } from './api.ts';

function listOf<T>(value: readonly T[] | undefined): readonly T[] {
  return Array.isArray(value) ? value : [];
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** How to reach the school office, in the language shown; '' for what the school has not recorded. */
export interface TContact {
  phone: string;
  email: string;
  address: string;
}

/** Reads the contact details defensively (the answer is not checked against its schema). */
export function contactOf(contact: Partial<TSchoolContact> | undefined, lng: TLanguage): TContact {
  const addressEn = text(contact?.address_en);
  return {
    phone: text(contact?.phone),
    email: text(contact?.email),
    address: (lng === 'ar' && text(contact?.address_ar)) || addressEn,
  };
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
  const { error } = query;
  return {
    lng,
    name: name ?? '',
    logo: first?.school_logo ?? '',
    banners,
    admission: details ? finalAdmissionPeriod(listOf(details.schoolDates)) : null,
    contact: contactOf(details?.schoolContact, lng),
    isLoading: query.isLoading,
    isError: query.isError,
    /** The server does not know this school id (docs/architecture.md section 4: 404 "Unknown school"). */
    isUnknown: error !== undefined && 'status' in error && error.status === 404,
  };
}
