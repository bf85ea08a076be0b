import type { TPublicInfo } from '@portal/contracts/school';
import { useGetPublicInfoQuery } from './api.ts';

/** The school's ids at Google and Facebook; '' for a provider it has not set up. */
export interface TSignInProviders {
  googleClientId: string;
  facebookAppId: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** Reads the ids from the public info, defensively (it is not checked against its schema). */
export function signInProvidersOf(info: Partial<TPublicInfo> | undefined): TSignInProviders {
  return { googleClientId: text(info?.google_client_id), facebookAppId: text(info?.facebook_app_id) };
}

/** The sign-in providers the school has set up; none until its public info has arrived. */
export function useSignInProviders(schoolId: string): TSignInProviders {
  const { data } = useGetPublicInfoQuery(schoolId, { skip: schoolId === '' });
  return signInProvidersOf(data);
}
