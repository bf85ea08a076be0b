import { describe, expect, it, vi } from 'vitest';
import { makeStore } from './store.ts';
import { sessionExpired } from '../lib/session-events.ts';
import { jsonResponse } from '../test/render.tsx';
import { loginAnswer } from '../test/fixtures.ts';
import { authApi } from '../features/auth/api.ts';
import { childSelected } from '../features/auth/slice.ts';

async function signedInStore() {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(jsonResponse(200, loginAnswer))),
  );
  const store = makeStore();
  await store.dispatch(authApi.endpoints.login.initiate({ username: 'parent@mogra.demo', password: 'x' }));
  expect(store.getState().session.signedIn).toBe(true);
  return store;
}

describe('session', () => {
  it('selects a child by enrolment number, ignoring unknown numbers', async () => {
    const store = await signedInStore();
    store.dispatch(childSelected('E200'));
    expect(store.getState().session.selectedChild?.sims_student_full_name).toBe('Lina Ahmed');
    store.dispatch(childSelected('nope'));
    expect(store.getState().session.selectedChild?.sims_student_full_name).toBe('Lina Ahmed');
  });

  it('is cleared by any 401 answer', async () => {
    const store = await signedInStore();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(jsonResponse(401, { success: false, messageId: 'L004', message: 'x' }))),
    );
    await store.dispatch(authApi.endpoints.getProfile.initiate());
    expect(store.getState().session).toMatchObject({
      signedIn: false,
      token: null,
      parent: null,
      children: [],
      notice: 'L004',
    });
  });

  it('sends the bearer token to paths outside /auth', async () => {
    const store = await signedInStore();
    const fetchMock = vi.fn((_input: RequestInfo | URL) =>
      Promise.resolve(jsonResponse(200, loginAnswer.profile)),
    );
    vi.stubGlobal('fetch', fetchMock);
    await store.dispatch(authApi.endpoints.getProfile.initiate());
    const request = fetchMock.mock.calls[0]?.[0];
    expect(request instanceof Request ? request.headers.get('authorization') : null).toBe('Bearer token-123');
  });

  it('is cleared on sign-out even when the server call fails, and the token is sent', async () => {
    const store = await signedInStore();
    const fetchMock = vi.fn((_input: RequestInfo | URL) => Promise.reject(new TypeError('offline')));
    vi.stubGlobal('fetch', fetchMock);
    await store.dispatch(authApi.endpoints.signOut.initiate('token-123'));
    expect(store.getState().session.signedIn).toBe(false);
    expect(store.getState().session.token).toBeNull();
    const request = fetchMock.mock.calls[0]?.[0];
    expect(request instanceof Request ? request.headers.get('authorization') : null).toBe('Bearer token-123');
  });

  it("leaves this browser's push subscription on sign-out, telling the portal first", async () => {
    const store = await signedInStore();
    const endpoint = 'https://fcm.googleapis.com/fcm/send/device-1';
    const unsubscribe = vi.fn(() => Promise.resolve(true));
    const subscription = { endpoint, unsubscribe };
    const registration = { pushManager: { getSubscription: () => Promise.resolve(subscription) } };
    vi.stubGlobal('navigator', {
      ...navigator,
      serviceWorker: { getRegistration: () => Promise.resolve(registration) },
    });
    vi.stubGlobal('PushManager', function PushManager() {});
    vi.stubGlobal('Notification', { permission: 'granted' });
    const fetchMock = vi.fn((_input: RequestInfo | URL) =>
      Promise.resolve(jsonResponse(200, { success: true, messageId: 'S200' })),
    );
    vi.stubGlobal('fetch', fetchMock);
    try {
      await store.dispatch(authApi.endpoints.signOut.initiate('token-123'));
    } finally {
      vi.unstubAllGlobals();
    }
    expect(unsubscribe).toHaveBeenCalledOnce();
    const requests = fetchMock.mock.calls.map((call) => call[0] as Request);
    expect(requests.map((request) => `${request.method} ${new URL(request.url).pathname}`)).toEqual([
      'DELETE /api/v1/ppn/push/subscriptions',
      'POST /api/v1/ppn/auth/sign-out',
    ]);
    expect(await requests[0]!.json()).toEqual({ endpoint });
    expect(requests[0]!.headers.get('authorization')).toBe('Bearer token-123');
    expect(store.getState().session.signedIn).toBe(false);
  });

  it('also clears on sessionExpired', async () => {
    const store = await signedInStore();
    store.dispatch(sessionExpired());
    expect(store.getState().session.signedIn).toBe(false);
  });
});
