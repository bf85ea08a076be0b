import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore, type TAppStore } from './store.ts';
import { loginAnswer } from '../test/fixtures.ts';
import { jsonResponse } from '../test/render.tsx';
import { sessionActivity, sessionExpired } from '../lib/session-events.ts';
import { signedInWithCode, authApi } from '../features/auth/api.ts';
import { childSelected, idleDeadline, idleExpired } from '../features/auth/slice.ts';
import { readTabMessage, type TTabChannel } from '../features/auth/tab-messages.ts';
import { createTabSync, type TTabSync } from '../features/auth/tab-sync.ts';

let channelName = '';
const opened: TTabSync[] = [];

/** A tab too busy to read the channel for `delayMs`. */
function busyChannel(delayMs: number): TTabChannel {
  const channel = new BroadcastChannel(channelName);
  const busy: TTabChannel = {
    postMessage: (message) => channel.postMessage(message),
    onmessage: null,
    close: () => channel.close(),
  };
  channel.onmessage = (event) => setTimeout(() => busy.onmessage?.(event), delayMs);
  return busy;
}

/** A tab of the same browser: its own store, on the same BroadcastChannel (the real one). */
function openTab(channel: TTabChannel = new BroadcastChannel(channelName) as unknown as TTabChannel): {
  store: TAppStore;
  sync: TTabSync;
} {
  const sync = createTabSync(channel);
  opened.push(sync);
  return { store: makeStore(undefined, sync), sync };
}

function signedInTab(channel?: TTabChannel) {
  const tab = openTab(channel);
  tab.store.dispatch(signedInWithCode(loginAnswer));
  return tab;
}

/** Lets the channel deliver what was posted. */
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(check()).toBe(true);
}

let run = 0;
function freshChannel() {
  run += 1;
  channelName = `portal-session-test-${run}-${Math.random()}`;
}

afterEach(() => {
  vi.unstubAllGlobals();
  for (const sync of opened.splice(0)) sync.close();
  window.history.replaceState(null, '', '/');
});

describe('sessions across the tabs of one browser', () => {
  it('hands a new tab the session of an open one: token, children and the selected child', async () => {
    freshChannel();
    const open = signedInTab();
    open.store.dispatch(childSelected('E200'));
    const fresh = openTab();
    expect(await fresh.sync.ask(1_000)).toBe(true);
    const session = fresh.store.getState().session;
    expect(session.signedIn).toBe(true);
    expect(session.token).toBe('token-123');
    expect(session.selectedChild?.sims_student_enroll_number).toBe('E200');
    expect(session.lastActivityAt).toBe(open.store.getState().session.lastActivityAt);
    expect(session.idleSeconds).toBe(1800);
  });

  it('gets no answer where no tab is signed in, nor from a tab whose session has run out of idle time', async () => {
    freshChannel();
    openTab();
    const stale = signedInTab();
    const { lastActivityAt, idleSeconds } = stale.store.getState().session;
    // The tab's clock says the session is past its idle time-out (its own timer runs late).
    const past = idleDeadline(lastActivityAt ?? 0, idleSeconds) - (lastActivityAt ?? 0) + 1;
    stale.store.dispatch(sessionActivity({ token: 'token-123', at: (lastActivityAt ?? 0) - past }));
    const realNow = Date.now;
    Date.now = () => realNow() + past;
    try {
      const fresh = openTab();
      expect(await fresh.sync.ask(100)).toBe(false);
      expect(fresh.store.getState().session.signedIn).toBe(false);
    } finally {
      Date.now = realNow;
    }
  });

  it('still takes an answer that comes after the wait (a busy tab)', async () => {
    freshChannel();
    signedInTab(busyChannel(100));
    const late = openTab();
    // The wait is over before the answer can arrive; the answer is taken when it does.
    expect(await late.sync.ask(20)).toBe(false);
    expect(late.store.getState().session.signedIn).toBe(false);
    await until(() => late.store.getState().session.signedIn);
  });

  it('signs out every tab when one signs out', async () => {
    freshChannel();
    const one = signedInTab();
    const two = signedInTab();
    vi.stubGlobal('fetch', () => Promise.resolve(jsonResponse(200, { success: true, messageId: 'L003' })));
    await one.store.dispatch(authApi.endpoints.signOut.initiate('token-123'));
    expect(one.store.getState().session.notice).toBe('L003');
    await until(() => !two.store.getState().session.signedIn);
    expect(two.store.getState().session.notice).toBe('L003');
    expect(two.store.getState().session.resume).toBeNull();
  });

  it('clears every tab when the server refuses the session in one (401), each keeping its own page and child', async () => {
    freshChannel();
    const one = signedInTab();
    const two = signedInTab();
    two.store.dispatch(childSelected('E200'));
    window.history.replaceState(null, '', '/feepayment?tab=history');
    one.store.dispatch(sessionExpired('token-123'));
    await until(() => !two.store.getState().session.signedIn);
    expect(two.store.getState().session.notice).toBe('L004');
    expect(two.store.getState().session.resume).toEqual({
      path: '/feepayment?tab=history',
      enrollNumber: 'E200',
    });
  });

  it('ends every tab after the idle time-out, saying so', async () => {
    freshChannel();
    const one = signedInTab();
    const two = signedInTab();
    one.store.dispatch(idleExpired('token-123'));
    await until(() => !two.store.getState().session.signedIn);
    expect(two.store.getState().session.notice).toBe('idle');
  });

  it('leaves a tab signed in when another session ends (a token it does not hold)', async () => {
    freshChannel();
    const one = signedInTab();
    const two = signedInTab();
    one.store.dispatch(sessionExpired('token-123'));
    two.store.dispatch(signedInWithCode({ ...loginAnswer, token: 'token-456' }));
    // Ended messages name the token they end.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(two.store.getState().session.signedIn).toBe(true);
  });

  it('shares the last activity: a request in one tab restarts the idle clock of all', async () => {
    freshChannel();
    const one = signedInTab();
    const two = signedInTab();
    const later = (one.store.getState().session.lastActivityAt ?? 0) + 60_000;
    one.store.dispatch(sessionActivity({ token: 'token-123', at: later }));
    await until(() => two.store.getState().session.lastActivityAt === later);
  });

  it('never stores the token in localStorage', async () => {
    freshChannel();
    signedInTab();
    const fresh = openTab();
    await fresh.sync.ask(1_000);
    const stored = Object.keys(window.localStorage).map((key) => window.localStorage.getItem(key) ?? '');
    expect(stored.join('\n')).not.toContain('token-123');
  });
});

describe('the tab messages', () => {
  it('reads only well-formed messages', () => {
    expect(readTabMessage({ type: 'ask', id: 'a1' })).toEqual({ type: 'ask', id: 'a1' });
    expect(readTabMessage({ type: 'ended', token: 't', notice: 'idle' })).toEqual({
      type: 'ended',
      token: 't',
      notice: 'idle',
    });
    expect(readTabMessage({ type: 'activity', token: 't', at: 5 })).toEqual({
      type: 'activity',
      token: 't',
      at: 5,
    });
    expect(readTabMessage({ type: 'ask' })).toBeNull();
    expect(readTabMessage({ type: 'answer', id: 'a1', session: { token: 't' } })).toBeNull();
    expect(readTabMessage({ type: 'activity', token: 't', at: 'now' })).toBeNull();
    expect(readTabMessage('ended')).toBeNull();
    expect(readTabMessage(null)).toBeNull();
  });
});
