import { SESSION_IDLE_WARNING_MS } from '@portal/contracts/constants';

/** Where a session stands against its idle time-out. */
export type TIdlePhase = { phase: 'active' } | { phase: 'warning'; msLeft: number } | { phase: 'expired' };

/** How long before the idle expiry the parent is warned: two minutes, at most half the idle time. */
export function warningLeadMs(idleMs: number): number {
  return Math.min(SESSION_IDLE_WARNING_MS, Math.floor(idleMs / 2));
}

/** The phase at `now` of a session that expires at `deadline` (epoch ms). */
export function idlePhaseAt(deadline: number, idleMs: number, now: number): TIdlePhase {
  const msLeft = deadline - now;
  if (msLeft <= 0) return { phase: 'expired' };
  if (msLeft <= warningLeadMs(idleMs)) return { phase: 'warning', msLeft };
  return { phase: 'active' };
}

const TICK_MS = 1_000;

/**
 * Watches a session's idle expiry: calls `onPhase` now and whenever the phase changes, and
 * every second of the warning (for the time left). Timers of a hidden tab run late, so the
 * phase is read again as soon as the tab is shown. Returns the function that stops watching.
 */
export function watchIdle(
  deadline: number,
  idleMs: number,
  onPhase: (phase: TIdlePhase) => void,
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const check = () => {
    clearTimeout(timer);
    const now = Date.now();
    const phase = idlePhaseAt(deadline, idleMs, now);
    onPhase(phase);
    if (phase.phase === 'expired') return;
    const untilWarning = deadline - warningLeadMs(idleMs) - now;
    // In the warning, tick on the second of the time left, so the countdown never skips one.
    const wait = phase.phase === 'active' ? untilWarning : phase.msLeft % TICK_MS || TICK_MS;
    timer = setTimeout(check, Math.max(0, wait));
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') check();
  };
  document.addEventListener('visibilitychange', onVisible);
  check();
  return () => {
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', onVisible);
  };
}
