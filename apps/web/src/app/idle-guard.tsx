import { lazy, Suspense, useEffect, useState } from 'react';
import { authApi, useSignOutMutation } from '../features/auth/api.ts';
import { watchIdle, type TIdlePhase } from '../features/auth/idle-timer.ts';
import {
  idleDeadline,
  idleExpired,
  selectIdleSeconds,
  selectLastActivityAt,
  selectToken,
} from '../features/auth/slice.ts';
import { useAppDispatch, useAppSelector } from './hooks.ts';

const IdleWarning = lazy(() =>
  import('../features/auth/components/idle-warning.tsx').then((module) => ({ default: module.IdleWarning })),
);

/**
 * Watches the session's idle time-out (the server's, shared by every tab through the last
 * request any of them made): warns before it, with a way to stay signed in, and at it ends the
 * session in every tab and on the server.
 */
export function IdleGuard() {
  const dispatch = useAppDispatch();
  const token = useAppSelector(selectToken);
  const lastActivityAt = useAppSelector(selectLastActivityAt);
  const idleSeconds = useAppSelector(selectIdleSeconds);
  const deadline = token && lastActivityAt !== null ? idleDeadline(lastActivityAt, idleSeconds) : null;
  const [watched, setWatched] = useState<{ deadline: number; phase: TIdlePhase } | null>(null);
  const [signOut] = useSignOutMutation();
  const [staying, setStaying] = useState<{ deadline: number; failed: boolean } | null>(null);

  useEffect(() => {
    if (deadline === null) return;
    return watchIdle(deadline, idleSeconds * 1000, (phase) => setWatched({ deadline, phase }));
  }, [deadline, idleSeconds]);

  const phase = watched && watched.deadline === deadline ? watched.phase : null;
  useEffect(() => {
    if (phase?.phase !== 'expired' || !token) return;
    dispatch(idleExpired(token));
    // The server forgets it at once as well (it may already have).
    void signOut(token);
  }, [phase, token, dispatch, signOut]);

  if (phase?.phase !== 'warning' || !token || deadline === null) return null;
  const stay = async () => {
    setStaying({ deadline, failed: false });
    // One authenticated request restarts the server's idle clock; its answer moves the deadline.
    const answer = await dispatch(
      authApi.endpoints.getProfile.initiate(undefined, { forceRefetch: true, subscribe: false }),
    );
    if (answer.error) setStaying({ deadline, failed: true });
  };
  const current = staying?.deadline === deadline ? staying : null;
  return (
    <Suspense fallback={null}>
      <IdleWarning
        msLeft={phase.msLeft}
        staying={current !== null && !current.failed}
        failed={current?.failed ?? false}
        onStay={() => void stay()}
        onSignOut={() => void signOut(token)}
      />
    </Suspense>
  );
}
