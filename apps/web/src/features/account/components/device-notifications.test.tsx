import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { setSchoolId } from '../../../lib/school-id.ts';
import { fakeApi, jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { DeviceNotificationsSection } from './device-notifications.tsx';

/** The portal's public key as the server hands it (65 bytes, base64url). */
const PUBLIC_KEY = `B${'A'.repeat(85)}Q`;
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/device-1';
const KEYS = { p256dh: `B${'p'.repeat(86)}`, auth: 'a'.repeat(22) };

/** A browser's push manager: one subscription at most, as a browser keeps per service worker. */
class FakePushManager {
  subscription: FakeSubscription | null = null;
  subscribed: PushSubscriptionOptionsInit[] = [];
  async getSubscription() {
    return this.subscription;
  }
  async subscribe(options: PushSubscriptionOptionsInit) {
    this.subscribed.push(options);
    this.subscription = new FakeSubscription(this, options.applicationServerKey as Uint8Array);
    return this.subscription;
  }
}

class FakeSubscription {
  readonly endpoint = ENDPOINT;
  readonly options: { applicationServerKey: ArrayBuffer };
  private readonly manager: FakePushManager;
  constructor(manager: FakePushManager, key: Uint8Array) {
    this.manager = manager;
    this.options = { applicationServerKey: key.slice().buffer };
  }
  toJSON() {
    return { endpoint: this.endpoint, expirationTime: null, keys: KEYS };
  }
  async unsubscribe() {
    this.manager.subscription = null;
    return true;
  }
}

/** The bytes of a base64url value, as the test reads them. */
const bytesOf = (value: string) => new Uint8Array(Buffer.from(value, 'base64url'));

type TPermission = 'default' | 'granted' | 'denied';

/**
 * A browser that can push: a service worker with its push manager, and notifications asked once.
 * With `installing`, the worker is registered but not yet active until `activate()`.
 */
function fakeBrowser({
  permission,
  answer,
  installing = false,
}: {
  permission: TPermission;
  answer: TPermission;
  installing?: boolean;
}) {
  const pushManager = new FakePushManager();
  const notification = {
    permission,
    requestPermission: vi.fn(async () => {
      notification.permission = answer;
      return answer;
    }),
  };
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', FakePushManager);
  const registration = { pushManager, active: installing ? null : {} };
  // As a browser: no subscription without an active worker.
  const subscribe = pushManager.subscribe.bind(pushManager);
  pushManager.subscribe = async (options) => {
    if (!registration.active) throw new DOMException('no active service worker', 'InvalidStateError');
    return subscribe(options);
  };
  let activate = () => {};
  const ready = new Promise((resolve) => {
    activate = () => {
      registration.active = {};
      resolve(registration);
    };
  });
  if (!installing) activate();
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready, getRegistration: () => Promise.resolve(registration) },
  });
  return { pushManager, notification, activate };
}

const portalAnswers = (subscribeStatus = 200) =>
  fakeApi({
    '/v1/ppn/push/key': () => jsonResponse(200, { success: true, messageId: 'S200', publicKey: PUBLIC_KEY }),
    '/v1/ppn/push/subscriptions': (request) =>
      request.method === 'POST' && subscribeStatus !== 200
        ? jsonResponse(subscribeStatus, { success: false, messageId: 'V030', message: 'refused' })
        : jsonResponse(200, { success: true, messageId: 'S200' }),
  });

describe('notifications on this device', () => {
  beforeEach(() => setSchoolId('mogra'));
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('turns them on: the browser asks the parent, subscribes with the portal key, and the portal keeps it', async () => {
    const { pushManager, notification } = fakeBrowser({ permission: 'default', answer: 'granted' });
    const api = portalAnswers();
    await renderWithProviders(<DeviceNotificationsSection />);
    expect(screen.getByRole('heading', { name: 'Notifications on this device' })).toBeTruthy();
    expect(screen.getByText(/set to “At once” below/).textContent).toContain('quiet hours');
    expect(await screen.findByText('Off for this device')).toBeTruthy();
    // Nothing is asked of the browser or the portal before the parent chooses.
    expect(notification.requestPermission).not.toHaveBeenCalled();
    expect(api.requests).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Turn on notifications' }));
    expect(await screen.findByText('On for this device')).toBeTruthy();
    expect(notification.requestPermission).toHaveBeenCalledTimes(1);
    expect(pushManager.subscribed).toHaveLength(1);
    expect(pushManager.subscribed[0]?.userVisibleOnly).toBe(true);
    expect([...(pushManager.subscribed[0]?.applicationServerKey as Uint8Array)]).toEqual([
      ...bytesOf(PUBLIC_KEY),
    ]);
    const [saved] = api.to('/v1/ppn/push/subscriptions');
    expect(saved?.method).toBe('POST');
    expect(await saved?.json()).toEqual({ endpoint: ENDPOINT, keys: KEYS });
    expect(screen.getByRole('button', { name: 'Turn off notifications' })).toBeTruthy();
  });

  it('turns them off: the portal forgets this browser, and the browser its subscription', async () => {
    const { pushManager } = fakeBrowser({ permission: 'granted', answer: 'granted' });
    await pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytesOf(PUBLIC_KEY) });
    const api = portalAnswers();
    await renderWithProviders(<DeviceNotificationsSection />);
    expect(await screen.findByText('On for this device')).toBeTruthy();
    // A browser already subscribed is handed to the portal again, in case it let it go.
    await waitFor(() => expect(api.to('/v1/ppn/push/subscriptions')).toHaveLength(1));
    expect(api.to('/v1/ppn/push/subscriptions')[0]?.method).toBe('POST');

    fireEvent.click(screen.getByRole('button', { name: 'Turn off notifications' }));
    expect(await screen.findByText('Off for this device')).toBeTruthy();
    const removed = api.to('/v1/ppn/push/subscriptions')[1];
    expect(removed?.method).toBe('DELETE');
    expect(await removed?.json()).toEqual({ endpoint: ENDPOINT });
    expect(pushManager.subscription).toBeNull();
  });

  it('replaces a subscription the browser made with another key', async () => {
    const { pushManager } = fakeBrowser({ permission: 'default', answer: 'granted' });
    await pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: new Uint8Array(65).fill(4) });
    const unsubscribe = vi.spyOn(pushManager.subscription!, 'unsubscribe');
    portalAnswers();
    await renderWithProviders(<DeviceNotificationsSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on notifications' }));
    await screen.findByText('On for this device');
    expect(unsubscribe).toHaveBeenCalledTimes(1);
    expect(pushManager.subscribed).toHaveLength(2);
    expect([...(pushManager.subscribed[1]?.applicationServerKey as Uint8Array)]).toEqual([
      ...bytesOf(PUBLIC_KEY),
    ]);
  });

  it('says so when the parent does not allow them, and when the browser blocks them', async () => {
    fakeBrowser({ permission: 'default', answer: 'default' });
    const api = portalAnswers();
    const view = await renderWithProviders(<DeviceNotificationsSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on notifications' }));
    expect(await screen.findByText(/Notifications were not allowed, so nothing changed/)).toBeTruthy();
    expect(screen.getByText('Off for this device')).toBeTruthy();
    expect(api.requests).toHaveLength(0);
    view.unmount();

    fakeBrowser({ permission: 'denied', answer: 'denied' });
    await renderWithProviders(<DeviceNotificationsSection />);
    expect(await screen.findByText(/blocked in this browser/)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('leaves the browser unsubscribed when the portal refuses the subscription', async () => {
    const { pushManager } = fakeBrowser({ permission: 'default', answer: 'granted' });
    portalAnswers(400);
    await renderWithProviders(<DeviceNotificationsSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on notifications' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText('Off for this device')).toBeTruthy();
    expect(pushManager.subscription).toBeNull();
  });

  it('offers them while the worker is still installing, and subscribes once it is active', async () => {
    const { pushManager, activate } = fakeBrowser({
      permission: 'default',
      answer: 'granted',
      installing: true,
    });
    portalAnswers();
    await renderWithProviders(<DeviceNotificationsSection />);
    expect(await screen.findByText('Off for this device')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Turn on notifications' }));
    await waitFor(() => expect(pushManager.subscribed).toHaveLength(0));
    activate();
    expect(await screen.findByText('On for this device')).toBeTruthy();
    expect(pushManager.subscribed).toHaveLength(1);
  });

  it('says when the browser cannot show them, in Arabic too', async () => {
    // jsdom has neither a service worker nor a push manager.
    await renderWithProviders(<DeviceNotificationsSection />, { lng: 'ar' });
    expect(screen.getByRole('heading', { name: 'الإشعارات على هذا الجهاز' })).toBeTruthy();
    expect(await screen.findByText(/لا يستطيع هذا المتصفح عرض إشعارات البوابة/)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
