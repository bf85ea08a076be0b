import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { paths, REDIRECT_PARAM } from '../config/paths.ts';
import { selectSignedIn } from '../features/auth/slice.ts';
import { useAppSelector } from './hooks.ts';

/** An in-app path to go to after sign-in, or null for anything unsafe (another origin). */
export function safeRedirect(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

/** `/`: signed-in parents go to the dashboard, everyone else to sign-in. */
export function EntryRedirect() {
  const signedIn = useAppSelector(selectSignedIn);
  return <Navigate to={signedIn ? paths.dashboard : paths.signIn} replace />;
}

/** Routes for signed-in parents; others go to sign-in, remembering where they were going. */
export function RequireAuth() {
  const signedIn = useAppSelector(selectSignedIn);
  const location = useLocation();
  if (signedIn) return <Outlet />;
  const target = `${location.pathname}${location.search}`;
  // The default entry is where sign-in leads anyway: no need to remember it.
  const search =
    location.pathname === paths.dashboard ? '' : `?${REDIRECT_PARAM}=${encodeURIComponent(target)}`;
  return <Navigate to={`${paths.signIn}${search}`} replace />;
}

/** Routes for signed-out visitors; a signed-in parent goes on to where they were headed. */
export function RequireGuest() {
  const signedIn = useAppSelector(selectSignedIn);
  const [params] = useSearchParams();
  if (!signedIn) return <Outlet />;
  return <Navigate to={safeRedirect(params.get(REDIRECT_PARAM)) ?? paths.dashboard} replace />;
}
