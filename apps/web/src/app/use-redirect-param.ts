import { useSearchParams } from 'react-router';
import { REDIRECT_PARAM } from '../config/paths.ts';
import { selectResume } from '../features/auth/slice.ts';
import { redirectTarget } from './guards.tsx';
import { useAppSelector } from './hooks.ts';

/**
 * The `redirectUrl` of the current page: where sign-in leads (always safe; without one, the
 * page of a session that ended unasked, kept in sessionStorage), and the query string that
 * carries it on to the other public pages ('' without one).
 */
export function useRedirectParam(): { target: string; search: string } {
  const [params] = useSearchParams();
  const value = params.get(REDIRECT_PARAM);
  const resume = useAppSelector(selectResume);
  return {
    target: redirectTarget(value ?? resume?.path ?? null),
    search: value ? `?${new URLSearchParams({ [REDIRECT_PARAM]: value }).toString()}` : '',
  };
}
