import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { idlePhaseAt, warningLeadMs, watchIdle, type TIdlePhase } from './idle-timer.ts';
import { idleDeadline } from './slice.ts';

const MINUTE = 60_000;

describe('the idle time-out', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-02T08:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('warns two minutes before, or halfway through a shorter time-out', () => {
    expect(warningLeadMs(30 * MINUTE)).toBe(2 * MINUTE);
    expect(warningLeadMs(20_000)).toBe(10_000);
  });

  it('ends no later than the server may: the idle time after the last request, less how late the server records it', () => {
    expect(idleDeadline(0, 30 * 60)).toBe(29 * MINUTE);
    expect(idleDeadline(0, 30)).toBe(29_000);
  });

  it('is active, then warns with the time left, then has expired', () => {
    expect(idlePhaseAt(10 * MINUTE, 30 * MINUTE, 0)).toEqual({ phase: 'active' });
    expect(idlePhaseAt(10 * MINUTE, 30 * MINUTE, 8 * MINUTE)).toEqual({
      phase: 'warning',
      msLeft: 2 * MINUTE,
    });
    expect(idlePhaseAt(10 * MINUTE, 30 * MINUTE, 10 * MINUTE)).toEqual({ phase: 'expired' });
  });

  it('says when the warning starts, counts down each second, and says when the time is up', () => {
    const phases: TIdlePhase[] = [];
    const deadline = Date.now() + 10 * MINUTE;
    const stop = watchIdle(deadline, 30 * MINUTE, (phase) => phases.push(phase));
    expect(phases).toEqual([{ phase: 'active' }]);

    vi.advanceTimersByTime(8 * MINUTE - 1);
    expect(phases).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(phases.at(-1)).toEqual({ phase: 'warning', msLeft: 2 * MINUTE });
    vi.advanceTimersByTime(1_000);
    expect(phases.at(-1)).toEqual({ phase: 'warning', msLeft: 2 * MINUTE - 1_000 });

    vi.advanceTimersByTime(2 * MINUTE - 1_000);
    expect(phases.at(-1)).toEqual({ phase: 'expired' });
    const count = phases.length;
    expect(count).toBe(1 + 120 + 1);
    vi.advanceTimersByTime(10 * MINUTE);
    expect(phases).toHaveLength(count);
    stop();
  });

  it('stops when asked', () => {
    const onPhase = vi.fn();
    const stop = watchIdle(Date.now() + 3 * MINUTE, 30 * MINUTE, onPhase);
    stop();
    vi.advanceTimersByTime(10 * MINUTE);
    expect(onPhase).toHaveBeenCalledTimes(1);
  });

  it('looks again as soon as a hidden tab is shown (its timers run late)', () => {
    const phases: TIdlePhase[] = [];
    const deadline = Date.now() + 10 * MINUTE;
    const stop = watchIdle(deadline, 30 * MINUTE, (phase) => phases.push(phase));
    // The clock moves on while the tab's timers are held back.
    vi.setSystemTime(Date.now() + 11 * MINUTE);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(phases.at(-1)).toEqual({ phase: 'expired' });
    stop();
  });
});
