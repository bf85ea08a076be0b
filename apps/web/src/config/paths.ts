import { AUTHENTICATED_ENTRY_PATH, UNAUTHENTICATED_ENTRY_PATH } from '@portal/contracts/constants';

/** Every route of the web app. */
export const paths = {
  root: '/',
  signIn: UNAUTHENTICATED_ENTRY_PATH,
  dashboard: AUTHENTICATED_ENTRY_PATH,
} as const;

/** Every API path, relative to the API prefix. */
export const apiPaths = {
  publicInfo: '/v1/oa/public/info',
  schoolDetails: '/v1/oa/public/school-details',
  schools: '/v1/oa/public/schools',
  login: '/v1/ppn/auth/login',
  signOut: '/v1/ppn/auth/sign-out',
  profile: '/v1/ppn/parent/profile',
} as const;

/** The query parameter that carries where to go after signing in. */
export const REDIRECT_PARAM = 'redirect';
