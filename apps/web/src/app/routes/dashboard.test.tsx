import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, createEvent, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TChild, TProfile } from '@portal/contracts/auth';
import { setSchoolId } from '../../lib/school-id.ts';
import { fakeApi, jsonResponse, renderApp } from '../../test/render.tsx';
import { child, loginAnswer, signedInAnswers } from '../../test/fixtures.ts';
import { signedInWithCode } from '../../features/auth/api.ts';
import { sessionSlice } from '../../features/auth/slice.ts';

const layoutPath = '/v1/ppn/parent/dashboard-layout';
const photoPath = (enroll: string) => `/v1/ppn/parent/children/${enroll}/photo`;

/** The profile with a saved layout and the given applications. */
function profileWith(
  layoutData: string | null,
  applications: TProfile['applicationByRole'] = loginAnswer.profile.applicationByRole,
): TProfile {
  return {
    ...loginAnswer.profile,
    dashboardLayout: layoutData === null ? [] : [{ layout_data: layoutData }],
    applicationByRole: applications,
  };
}

/** A session as after a sign-in with this profile, and the server answering with it. */
async function openDashboard(
  profile: TProfile = profileWith(null),
  more: Parameters<typeof fakeApi>[0] = {},
) {
  const api = fakeApi({
    '/v1/oa/public/school-details': () =>
      jsonResponse(200, { schoolNameLogo: [], swiperText: [], schoolDates: [] }),
    '/v1/ppn/parent/profile': () => jsonResponse(200, profile),
    [layoutPath]: () => jsonResponse(200, { success: true, messageId: 'S200' }),
    ...signedInAnswers,
    ...more,
  });
  const session = sessionSlice.reducer(undefined, signedInWithCode({ ...loginAnswer, profile }));
  const view = await renderApp('/dashboard', { preloadedState: { session } });
  await screen.findByRole('heading', { level: 2, name: 'Your children at a glance' });
  // The profile is refreshed on every visit: let it arrive.
  await waitFor(() => expect(api.to('/v1/ppn/parent/profile')).toHaveLength(1));
  return { ...view, api };
}

/** The widget ids in the order shown. */
function shownOrder(): string[] {
  return [...document.querySelectorAll<HTMLElement>('[data-widget]')].map(
    (node) => node.dataset.widget ?? '',
  );
}

async function savedLayouts(api: Awaited<ReturnType<typeof openDashboard>>['api']) {
  const requests = api.to(layoutPath);
  return Promise.all(
    requests.map(async (request) => {
      expect(request.method).toBe('PUT');
      const body = (await request.json()) as { layout_data: string };
      return JSON.parse(body.layout_data) as unknown;
    }),
  );
}

beforeEach(() => setSchoolId('bcad'));

describe('dashboard layout', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it('restores the saved order, ignoring an unknown id and appending a widget it did not know', async () => {
    await openDashboard(profileWith('{"version":1,"order":["quick-links","fees-due-retired"]}'));
    expect(shownOrder()).toEqual(['quick-links', 'children']);
  });

  it('shows the default order when nothing was saved', async () => {
    await openDashboard(profileWith(null));
    expect(shownOrder()).toEqual(['children', 'quick-links']);
  });

  it('moves a widget down and up from the keyboard, announces it, and saves 800 ms after the last change', async () => {
    const { api } = await openDashboard();
    const down = screen.getByRole('button', { name: 'Move Your children at a glance down' });
    down.focus();
    fireEvent.click(down);
    expect(shownOrder()).toEqual(['quick-links', 'children']);
    await waitFor(() => expect(document.activeElement).toBe(down));
    expect(screen.getByText('Your children at a glance moved to position 2 of 2.')).toBeTruthy();
    expect(screen.getByText('Saving…')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Move Your children at a glance up' }));
    expect(shownOrder()).toEqual(['children', 'quick-links']);
    fireEvent.click(screen.getByRole('button', { name: 'Move Quick links up' }));
    expect(shownOrder()).toEqual(['quick-links', 'children']);
    expect(screen.getByText('Quick links moved to position 1 of 2.')).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(700));
    expect(api.to(layoutPath)).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(200));
    await waitFor(() => expect(api.to(layoutPath)).toHaveLength(1));
    expect(await savedLayouts(api)).toEqual([{ version: 1, order: ['quick-links', 'children'] }]);
    expect(await screen.findByText('Saved')).toBeTruthy();
  });

  it('keeps the end buttons focusable but inert', async () => {
    const { api } = await openDashboard();
    const up = screen.getByRole('button', { name: 'Move Your children at a glance up' });
    expect(up.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(up);
    const down = screen.getByRole('button', { name: 'Move Quick links down' });
    expect(down.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(down);
    expect(shownOrder()).toEqual(['children', 'quick-links']);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(api.to(layoutPath)).toHaveLength(0);
  });

  it('resets to the default order and saves it', async () => {
    const { api } = await openDashboard(
      profileWith('{"version":1,"order":["quick-links","selected-child"]}'),
    );
    expect(shownOrder()).toEqual(['quick-links', 'children']);
    fireEvent.click(screen.getByRole('button', { name: 'Reset layout' }));
    expect(shownOrder()).toEqual(['children', 'quick-links']);
    expect(screen.getByText('The layout is back to the default order.')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(800));
    await waitFor(() => expect(api.to(layoutPath)).toHaveLength(1));
    expect(await savedLayouts(api)).toEqual([{ version: 1, order: ['children', 'quick-links'] }]);
  });

  it('moves a widget dropped below the middle of another, or above it', async () => {
    await openDashboard();
    const handle = document.querySelector('[data-widget="children"] [draggable="true"]');
    const target = document.querySelector('[data-widget="quick-links"]');
    if (!handle || !target) throw new Error('no drag handle or drop target');
    vi.spyOn(target, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 100, 600, 200));
    const dataTransfer = { setData: vi.fn(), getData: () => 'children', effectAllowed: '', dropEffect: '' };
    // jsdom has no DragEvent: the pointer's position is set on the event by hand.
    const at = (event: Event, clientY: number) => {
      Object.defineProperty(event, 'clientY', { value: clientY });
      return event;
    };
    // Above the middle: before it, where it already is.
    fireEvent.dragStart(handle, { dataTransfer });
    fireEvent(target, at(createEvent.dragOver(target, { dataTransfer }), 120));
    fireEvent(target, at(createEvent.drop(target, { dataTransfer }), 120));
    expect(shownOrder()).toEqual(['children', 'quick-links']);
    // Below the middle: after it.
    fireEvent.dragStart(handle, { dataTransfer });
    fireEvent(target, at(createEvent.dragOver(target, { dataTransfer }), 250));
    fireEvent(target, at(createEvent.drop(target, { dataTransfer }), 250));
    expect(shownOrder()).toEqual(['quick-links', 'children']);
  });

  it('says so when the layout could not be saved, and tries again', async () => {
    let fail = true;
    const { api } = await openDashboard(profileWith(null), {
      [layoutPath]: () =>
        fail
          ? jsonResponse(503, { success: false, messageId: 'S503' })
          : jsonResponse(200, { success: true, messageId: 'S200' }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Move Quick links up' }));
    await act(() => vi.advanceTimersByTimeAsync(800));
    expect(await screen.findByText('Could not save')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(api.to(layoutPath)).toHaveLength(2);
  });
});

describe('home', () => {
  it('puts the children at a glance below the action list, and no fees section (the list names fees to pay)', async () => {
    setSchoolId('mogra'); // the vendor demo school: every module, fee payment too
    await openDashboard();
    const sections = [...document.querySelectorAll('main section h2')].map((heading) => heading.textContent);
    expect(sections.slice(0, 3)).toEqual(['Needs your action', 'Your children at a glance', 'Quick links']);
    expect(screen.queryByRole('region', { name: 'Fees' })).toBeNull();
    expect(screen.getByRole('article', { name: 'Omar Ahmed' })).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Lina Ahmed' })).toBeTruthy();
  });
});

describe('quick links', () => {
  it('show only the granted modules (a bcad-like role: agenda and fees, no timetable)', async () => {
    await openDashboard(
      profileWith(null, [
        { comn_appl_code: 'PP034', comn_appl_name_en: 'Agenda', comn_appl_name_ar: 'الأجندة' },
        { comn_appl_code: 'PP008', comn_appl_name_en: 'Fee payment', comn_appl_name_ar: 'دفع الرسوم' },
      ]),
    );
    const region = screen.getByRole('region', { name: 'Quick links' });
    const links = within(region).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Agenda', '/agenda'],
      ['Fee payment', '/feepayment'],
    ]);
    expect(within(region).queryByRole('link', { name: 'Timetable' })).toBeNull();
    expect(within(region).queryByRole('link', { name: 'Home' })).toBeNull();
  });

  it('list every granted module in menu order', async () => {
    await openDashboard(
      profileWith(null, [
        { comn_appl_code: 'PP034', comn_appl_name_en: 'Agenda', comn_appl_name_ar: 'الأجندة' },
        { comn_appl_code: 'PP008', comn_appl_name_en: 'Fee payment', comn_appl_name_ar: 'دفع الرسوم' },
        {
          comn_appl_code: 'PP045',
          comn_appl_name_en: 'Student profile (Asian curriculum)',
          comn_appl_name_ar: 'ملف الطالب (المنهج الآسيوي)',
        },
        { comn_appl_code: 'PP056', comn_appl_name_en: 'Top up', comn_appl_name_ar: 'شحن الرصيد' },
      ]),
    );
    const region = screen.getByRole('region', { name: 'Quick links' });
    expect(
      within(region)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/agenda', '/feepayment', '/student-profile-asian', '/topup']);
  });
});

describe('child photo', () => {
  function choose(file: File) {
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    expect(input.accept).toBe('image/jpeg,image/png,image/webp,image/gif');
    fireEvent.change(input, { target: { files: [file] } });
  }

  it('refuses a photo over 10 MB before sending it', async () => {
    const { api } = await openDashboard();
    const big = new File(['x'], 'big.jpg', { type: 'image/jpeg' });
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    choose(big);
    expect((await screen.findByRole('alert')).textContent).toBe('The request is too large.');
    expect(api.to(photoPath('E100'))).toHaveLength(0);
  });

  it('refuses a file that is not a JPEG, PNG, WebP or GIF image before sending it', async () => {
    const { api } = await openDashboard();
    choose(new File(['%PDF'], 'report.pdf', { type: 'application/pdf' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This type of content is not supported.');
    expect(api.to(photoPath('E100'))).toHaveLength(0);
  });

  it('uploads the photo and puts the server’s child record in the session at once', async () => {
    const updated: TChild = child('E100', 'Omar Ahmed', {
      sims_student_img: '/media/photos/bcad/7d9b6c1e-2f7a-4d8e-9a51-0c1f3b2e4a6d',
      sims_student_img_lowres: '/media/photos/bcad/7d9b6c1e-2f7a-4d8e-9a51-0c1f3b2e4a6d',
    });
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { api, store } = await openDashboard(profileWith(null), {
      [photoPath('E100')]: async () => {
        await answered;
        return jsonResponse(200, updated);
      },
    });
    choose(new File([new Uint8Array([0xff, 0xd8, 0xff])], 'omar.jpg', { type: 'image/jpeg' }));

    const busy = await screen.findByRole('button', { name: 'Uploading the photo of Omar Ahmed…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    release();
    expect(await screen.findByText('The photo of Omar Ahmed is updated.')).toBeTruthy();

    const [request] = api.to(photoPath('E100'));
    expect(request?.method).toBe('POST');
    expect(request?.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    // One part, the file field `photo` (jsdom's File reaches Node's fetch without its name).
    const sent = (await request?.text()) ?? '';
    expect(sent.match(/Content-Disposition: form-data; name="([^"]+)"/g)).toEqual([
      'Content-Disposition: form-data; name="photo"',
    ]);
    expect(sent).toContain('Content-Type: image/jpeg');

    const session = store.getState().session;
    expect(session.selectedChild).toEqual(updated);
    expect(session.children.find((c) => c.sims_student_enroll_number === 'E100')).toEqual(updated);
    expect(session.children).toHaveLength(2);
    // The child's card shows the new photo.
    const card = screen.getByRole('article', { name: 'Omar Ahmed' });
    expect(within(card).getByRole('img', { name: 'Photo of Omar Ahmed' }).getAttribute('src')).toBe(
      updated.sims_student_img,
    );
    expect(screen.getByRole('button', { name: 'Change photo of Omar Ahmed' })).toBeTruthy();
  });
});
