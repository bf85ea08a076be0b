import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TArchivedEmail } from '@portal/contracts/families/publications';
import { failure, freezeDateAt, ok, openModulePage } from '../../../test/module-page.ts';
import { jsonResponse } from '../../../test/render.tsx';

const ARCHIVE = '/v1/ppn/email-archive';
const mail1 = '00000000-0000-4000-8000-0000000000a1';
const mail2 = '00000000-0000-4000-8000-0000000000a2';
const mail3 = '00000000-0000-4000-8000-0000000000a3';

const mail = (id: string, over: Partial<TArchivedEmail> = {}): TArchivedEmail => ({
  id,
  kind: 'notice',
  category: 'attendance',
  to: 'parent@mogra.demo',
  subject: 'Omar was absent today',
  preview: 'The school recorded Omar Ahmed as absent on 10 March.',
  language: 'en',
  sentAt: '2026-03-10T04:00:00.000Z',
  ...over,
});

const digest = mail(mail2, {
  kind: 'digest',
  category: null,
  subject: 'ملخص اليوم',
  preview: 'ما جرى اليوم لأبنائك',
  language: 'ar',
  sentAt: '2026-03-09T14:00:00.000Z',
});

const page = (items: TArchivedEmail[], nextCursor: string | null = null) =>
  jsonResponse(200, { ...ok, items, nextCursor });

const queryOf = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);

const WAIT = { timeout: 10_000 };

freezeDateAt('2026-03-10T06:00:00Z');

describe('the email archive', { timeout: 30_000 }, () => {
  it('lists the mails sent, opens one and shows its text in its own language and direction', async () => {
    const { location } = await openModulePage('/email', {
      [ARCHIVE]: () => page([mail(mail1), digest]),
      [`${ARCHIVE}/${mail2}`]: () =>
        jsonResponse(200, { ...ok, email: { ...digest, text: 'عمر أحمد\n- الحضور: غائب\n- الواجبات: ١' } }),
    });
    const list = await screen.findByRole('list', { name: 'Emails' }, WAIT);
    const [first, second] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(first.textContent).toContain('Omar was absent today');
    expect(within(first).getByText('Notice')).toBeTruthy();
    expect(within(first).getByText('Attendance')).toBeTruthy();
    expect(within(first).getByText('8:00 am').getAttribute('dateTime')).toBe('2026-03-10T04:00:00.000Z');
    expect(within(second).getByText('Daily digest')).toBeTruthy();
    expect(within(second).getByText('ملخص اليوم').getAttribute('dir')).toBe('rtl');
    expect(within(second).getByText('9 Mar')).toBeTruthy();

    fireEvent.click(within(second).getByRole('link'));
    const reader = await screen.findByRole('region', { name: 'ملخص اليوم' }, WAIT);
    expect(location()).toBe(`/email?mail=${mail2}`);
    const text = within(reader).getByTestId('mail-text');
    expect(text.textContent).toBe('عمر أحمد\n- الحضور: غائب\n- الواجبات: ١');
    expect(text.getAttribute('dir')).toBe('rtl');
    expect(text.getAttribute('lang')).toBe('ar');
    expect(text.className).toContain('whitespace-pre-wrap');
    expect(reader.textContent).toContain('parent@mogra.demo');
    expect(reader.textContent).toContain('9 March 2026');
  });

  it('searches, says when nothing matches, and loads more a page at a time', async () => {
    const { api } = await openModulePage('/email', {
      [ARCHIVE]: (request) => {
        const { q, cursor } = queryOf(request);
        if (q === 'trip') return page([]);
        if (cursor === 'next') return page([mail(mail3, { subject: 'Bus route changed' })]);
        return page([mail(mail1), digest], 'next');
      },
    });
    await screen.findByRole('list', { name: 'Emails' }, WAIT);
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Bus route changed', {}, WAIT)).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Emails' })).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();

    const search = screen.getByRole('searchbox', { name: 'Search your emails' });
    fireEvent.change(search, { target: { value: 'trip' } });
    fireEvent.submit(search);
    expect(await screen.findByText('No email matches “trip”. Try other words.', {}, WAIT)).toBeTruthy();
    expect(api.to(ARCHIVE).map(queryOf)).toEqual([
      { pageSize: '20' },
      { pageSize: '20', cursor: 'next' },
      { pageSize: '20', q: 'trip' },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Clear the search' }));
    await waitFor(() => expect(screen.getByRole('list', { name: 'Emails' })).toBeTruthy(), WAIT);
  });

  it('says what will appear while there is nothing, and what failed', async () => {
    let fail = true;
    await openModulePage('/email', { [ARCHIVE]: () => (fail ? failure(403, 'A001') : page([])) });
    const alert = await screen.findByRole('alert', {}, WAIT);
    expect(alert.textContent).toContain('This section is not available for your account.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByText(
        'No emails yet. Each email the portal sends you, a notice or a daily digest, is kept here from the day it goes.',
        {},
        WAIT,
      ),
    ).toBeTruthy();
  });

  it('speaks Arabic', async () => {
    await openModulePage('/email', { [ARCHIVE]: () => page([mail(mail1)]) }, { lng: 'ar' });
    const list = await screen.findByRole('list', { name: 'رسائل البريد' }, WAIT);
    expect(within(list).getByText('إشعار')).toBeTruthy();
    expect(within(list).getByText('الحضور')).toBeTruthy();
    // An English mail keeps its language and direction on an Arabic page.
    const subject = within(list).getByText('Omar was absent today');
    expect(subject.getAttribute('lang')).toBe('en');
    expect(subject.getAttribute('dir')).toBe('ltr');
    expect(screen.getByRole('searchbox', { name: 'ابحث في بريدك' })).toBeTruthy();
  });
});
