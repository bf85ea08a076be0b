import { Outlet } from 'react-router';
import { selectSignedIn } from '../../features/auth/slice.ts';
import { useSchoolId } from '../../lib/school-id.ts';
import { useAppSelector } from '../hooks.ts';
import { PublicShell } from '../public-shell.tsx';
import { Component as Shell } from './shell.tsx';

/**
 * Around a path that does not exist: the signed-in shell (menu, header) for a parent who is
 * signed in, the public entry view for a visitor.
 */
export function Component() {
  const signedIn = useAppSelector(selectSignedIn);
  const schoolId = useSchoolId();
  if (signedIn) return <Shell />;
  return (
    <PublicShell schoolId={schoolId}>
      <Outlet />
    </PublicShell>
  );
}
