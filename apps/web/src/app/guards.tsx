import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isEntryAllowed } from '@portal/contracts/authority';
import type { TMenuEntry } from '@portal/contracts/menu';
import { paths, REDIRECT_PARAM } from '../config/paths.ts';
import { selectRedirectHoldUntil, selectSignedIn } from '../features/auth/slice.ts';
import { entryByPath } from '../features/menu/menu-access.ts';
import { languageOf, toLanguage } from '../lib/i18n.ts';
import { useAppSelector } from './hooks.ts';
import { IdleGuard } from './idle-guard.tsx';
import { useRedirectParam } from './use-redirect-param.ts';

/**
 * Where to go after signing in: the `redirectUrl` when it is a path of this origin (a single
 * leading `/`, not `//` or `/\`, and still this origin once the browser has parsed it) and
 * not the default entry; otherwise the dashboard.
 */
export function redirectTarget(value: string | null, origin: string = window.location.origin): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return paths.dashboard;
  }
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return paths.dashboard;
  }
  // The URL parser drops tabs and newlines and reads `\` as `/`: judge what it made of it.
  if (url.origin !== origin) return paths.dashboard;
  const target = `${url.pathname}${url.search}${url.hash}`;
  return target.startsWith('//') ? paths.dashboard : target;
}

/** Whether the epoch-ms time `until` has passed; re-renders when it does. */
function useTimePassed(until: number | null): boolean {
  const [passed, setPassed] = useState<number | null>(null);
  useEffect(() => {
    if (until === null) return;
    const timer = window.setTimeout(() => setPassed(until), Math.max(0, until - Date.now()));
    return () => window.clearTimeout(timer);
  }, [until]);
  return until === null || passed === until;
}

/** `/`: signed-in parents go to the dashboard, everyone else to sign-in. */
export function EntryRedirect() {
  const signedIn = useAppSelector(selectSignedIn);
  return <Navigate to={signedIn ? paths.dashboard : paths.signIn} replace />;
}

/**
 * Routes for signed-in parents, watched for the idle time-out; others go to sign-in,
 * remembering where they were going.
 */
export function RequireAuth() {
  const signedIn = useAppSelector(selectSignedIn);
  const location = useLocation();
  if (signedIn) {
    return (
      <>
        <Outlet />
        <IdleGuard />
      </>
    );
  }
  const target = `${location.pathname}${location.search}${location.hash}`;
  // The bare default entry is where sign-in leads anyway: no need to remember it.
  const search = target === paths.dashboard ? '' : `?${REDIRECT_PARAM}=${encodeURIComponent(target)}`;
  return <Navigate to={`${paths.signIn}${search}`} replace />;
}

/**
 * Routes for signed-out visitors; a signed-in parent goes on to where they were headed (or,
 * after a session that ended unasked, back to where they were). After a Google or Facebook
 * sign-in the page stays until the session's hold time has passed, so it can say where the
 * parent is going; after any sign-in, until the language kept on the account has loaded, so the
 * first signed-in page shows in it (features/auth/sign-in-appearance.ts).
 */
export function RequireGuest() {
  const signedIn = useAppSelector(selectSignedIn);
  const holdUntil = useAppSelector(selectRedirectHoldUntil);
  const holdPassed = useTimePassed(signedIn ? holdUntil : null);
  // Renders again when the language has changed.
  const { i18n } = useTranslation();
  const languageLoading = languageOf(i18n) !== toLanguage(i18n.language);
  const { target } = useRedirectParam();
  if (!signedIn || !holdPassed || languageLoading) return <Outlet />;
  return <Navigate to={target} replace />;
}

/** What the access guard decided for a path: its menu entry, and whether the authority opens it. */
export interface TAccess {
  entry: TMenuEntry | undefined;
  allowed: boolean;
}

/**
 * The guard of every menu route: a path of the menu opens only when the authority holds one
 * of its codes (never on an empty list); a path outside the menu is not this guard's concern.
 */
export function accessTo(pathname: string, authority: readonly string[]): TAccess {
  const entry = entryByPath(pathname);
  return { entry, allowed: entry ? isEntryAllowed(entry, authority) : true };
}
