import { useSearchParams } from 'react-router';
import { REDIRECT_PARAM } from '../config/paths.ts';
import { redirectTarget } from './guards.tsx';

/**
 * The `redirectUrl` of the current page: where sign-in leads (always safe), and the query
 * string that carries it on to the other public pages ('' without one).
 */
export function useRedirectParam(): { target: string; search: string } {
  const [params] = useSearchParams();
  const value = params.get(REDIRECT_PARAM);
  return {
    target: redirectTarget(value),
    search: value ? `?${new URLSearchParams({ [REDIRECT_PARAM]: value }).toString()}` : '',
  };
}
