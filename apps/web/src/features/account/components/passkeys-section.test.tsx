import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TPasskey } from '@portal/contracts/passkeys';
import { setSchoolId } from '../../../lib/school-id.ts';
import { fakeApi, jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { PasskeysSection } from './passkeys-section.tsx';

const browser = vi.hoisted(() => ({ startRegistration: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => browser);

const PHONE: TPasskey = {
  id: 'cred-phone',
  name: 'Chrome on Android',
  createdAt: '2026-03-01T08:00:00Z',
  lastUsedAt: '2026-03-05T09:30:00Z',
  synced: true,
};
const LAPTOP: TPasskey = {
  id: 'cred-laptop',
  name: '',
  createdAt: '2026-03-10T08:00:00Z',
  lastUsedAt: null,
  synced: false,
};

const OPTIONS = {
  challenge: 'Y2hhbGxlbmdl',
  rp: { id: 'mogra.localhost', name: 'Mogra Demo School' },
  user: { id: 'dXNlcg', name: 'parent@mogra.demo', displayName: 'Sara Ahmed' },
  pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
  timeout: 300000,
  excludeCredentials: [],
  authenticatorSelection: {
    residentKey: 'required',
    requireResidentKey: true,
    userVerification: 'preferred',
  },
  attestation: 'none',
};
const CREDENTIAL = {
  id: 'bmV3LWtleQ',
  rawId: 'bmV3LWtleQ',
  type: 'public-key',
  response: { clientDataJSON: 'e30', attestationObject: 'o2M', transports: ['internal'] },
  clientExtensionResults: {},
};

const ok = { success: true, messageId: 'S200' };

/** The passkey routes, starting from `items`; what the browser added or removed is kept. */
function passkeyApi(items: TPasskey[], addAnswer?: () => Response) {
  let list = [...items];
  return fakeApi({
    '/v1/ppn/account/passkeys': async (request) => {
      if (request.method === 'GET') return jsonResponse(200, { ...ok, items: list });
      if (addAnswer) return addAnswer();
      const passkey: TPasskey = { ...LAPTOP, id: 'bmV3LWtleQ', name: 'Chrome on Linux' };
      list = [passkey, ...list];
      return jsonResponse(201, { ...ok, passkey });
    },
    '/v1/ppn/account/passkeys/options': () => jsonResponse(200, { ...ok, options: OPTIONS }),
    [`/v1/ppn/account/passkeys/${PHONE.id}`]: (request) => {
      if (request.method !== 'DELETE') return jsonResponse(405, { success: false, messageId: 'V001' });
      list = list.filter((item) => item.id !== PHONE.id);
      return jsonResponse(200, ok);
    },
  });
}

const section = () => screen.getByRole('region', { name: 'Passkeys' });

describe('the passkeys of the account', () => {
  beforeEach(() => {
    setSchoolId('mogra');
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
  });
  afterEach(() => {
    browser.startRegistration.mockReset();
  });

  it('lists each passkey with when it was added and last used', async () => {
    passkeyApi([PHONE, LAPTOP]);
    await renderWithProviders(<PasskeysSection />);
    const items = await within(section()).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]?.textContent).toContain('Chrome on Android');
    expect(items[0]?.textContent).toContain('Synced');
    expect(items[0]?.textContent).toContain('Added 1 March 2026');
    expect(items[0]?.textContent).toContain('last used 5 March 2026');
    // No name recorded: "Passkey"; never used yet.
    expect(items[1]?.textContent).toContain('Passkey');
    expect(items[1]?.textContent).toContain('not used yet');
    expect(items[1]?.textContent).not.toContain('Synced');
  });

  it('says when there is none, and adds one through the browser', async () => {
    const { to } = passkeyApi([]);
    await renderWithProviders(<PasskeysSection />);
    await screen.findByText('You have no passkey yet.');
    browser.startRegistration.mockResolvedValue(CREDENTIAL);
    fireEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));
    await screen.findByText(/Your passkey is added/);
    expect(browser.startRegistration).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
    const [sent] = to('/v1/ppn/account/passkeys').filter((request) => request.method === 'POST');
    expect(await sent?.json()).toEqual(CREDENTIAL);
    expect(within(section()).getByRole('listitem').textContent).toContain('Chrome on Linux');
  });

  it('says so when the parent cancels the browser’s dialog, and sends nothing', async () => {
    const { to } = passkeyApi([]);
    await renderWithProviders(<PasskeysSection />);
    await screen.findByText('You have no passkey yet.');
    browser.startRegistration.mockRejectedValue(
      Object.assign(new Error('cancelled'), { name: 'NotAllowedError' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));
    await screen.findByText(/No passkey was added/);
    expect(to('/v1/ppn/account/passkeys').filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('says when this authenticator has a passkey already, and when the server refuses', async () => {
    passkeyApi([PHONE], () => jsonResponse(409, { success: false, messageId: 'L019', message: 'full' }));
    await renderWithProviders(<PasskeysSection />);
    await within(section()).findByRole('listitem');
    browser.startRegistration.mockRejectedValueOnce(
      Object.assign(new Error('exists'), {
        name: 'InvalidStateError',
        code: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED',
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));
    await screen.findByText('This device or password manager already has a passkey for your account.');
    browser.startRegistration.mockResolvedValue(CREDENTIAL);
    fireEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect((await screen.findByRole('alert')).textContent).toContain('as many passkeys as it can keep');
  });

  it('offers no button in a browser without passkeys, and says why', async () => {
    vi.stubGlobal('PublicKeyCredential', undefined);
    passkeyApi([PHONE]);
    await renderWithProviders(<PasskeysSection />);
    await screen.findByText(/This browser cannot use passkeys/);
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).toBeNull();
    // Its passkeys can still be removed.
    await within(section()).findByRole('button', { name: 'Remove the passkey Chrome on Android' });
  });

  it('removes a passkey once the parent confirms', async () => {
    const { to } = passkeyApi([PHONE, LAPTOP]);
    await renderWithProviders(<PasskeysSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove the passkey Chrome on Android' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this passkey?' });
    expect(dialog.textContent).toContain('Chrome on Android, added 1 March 2026');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(to(`/v1/ppn/account/passkeys/${PHONE.id}`)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Remove the passkey Chrome on Android' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Remove this passkey?' })).getByRole('button', {
        name: 'Remove passkey',
      }),
    );
    await screen.findByText('The passkey is removed.');
    expect(to(`/v1/ppn/account/passkeys/${PHONE.id}`).map((request) => request.method)).toEqual(['DELETE']);
    await waitFor(() => expect(within(section()).getAllByRole('listitem')).toHaveLength(1));
  });
});
