import { createContext, useContext } from 'react';

/** How parents reach the school office; each is '' when the school has not recorded it. */
export interface TOfficeContact {
  phone: string;
  email: string;
}

/** The signed-in parent's school office, given by the signed-in shell (the school's details say it). */
export const SchoolContactContext = createContext<TOfficeContact>({ phone: '', email: '' });

/** How the signed-in parent reaches the school office. */
export function useSchoolContact(): TOfficeContact {
  return useContext(SchoolContactContext);
}

/** A phone number as a `tel:` address: its digits and a leading `+`, nothing else. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
