import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { jsonResponse } from '../../../test/render.tsx';
import { careAnswer, careRecord } from '../../../test/care.ts';
import { failure, freezeDateAt, ok, openModulePage } from '../../../test/module-page.ts';

const merits = [
  careRecord({
    id: 'm1',
    kind: 'merit',
    occurredOn: '2026-03-09',
    title: 'Helped a classmate',
    titleAr: 'ساعد زميلًا',
    category: 'Kindness',
    categoryAr: 'اللطف',
    points: 3,
    staffName: 'Ms Hana Saleh',
    staffNameAr: 'أ. هناء صالح',
  }),
  careRecord({
    id: 'm2',
    kind: 'demerit',
    occurredOn: '2026-02-17',
    title: 'Late homework',
    points: -1,
  }),
  careRecord({ id: 'm3', kind: 'merit', occurredOn: '2026-03-02', title: 'Reading star', points: 2 }),
];

const incident = careRecord({
  id: 'i1',
  kind: 'incident',
  occurredOn: '2026-03-05',
  title: 'Playground fall',
  detail: 'Grazed knee; first aid given.',
  severity: 'medium',
  staffName: 'Nurse Mona',
  requiresAck: true,
});
const oldIncident = careRecord({
  id: 'i0',
  kind: 'incident',
  occurredOn: '2026-01-12',
  title: 'Lost library book',
  severity: 'low',
  requiresAck: true,
  acknowledgedAt: '2026-01-12T10:00:00.000Z',
});

freezeDateAt('2026-03-10T06:00:00Z');

describe('the merits and demerits page', () => {
  it('shows the balance and the points, newest first, for the chosen child', async () => {
    const { api } = await openModulePage('/meritDemerit', {
      '/v1/ppn/care/merit-demerit': () => jsonResponse(200, careAnswer(merits)),
    });
    const list = await screen.findByRole(
      'list',
      { name: 'Merits and demerits of Omar Ahmed' },
      { timeout: 5000 },
    );
    expect(new URL(api.to('/v1/ppn/care/merit-demerit')[0]?.url ?? '').searchParams.get('enrollNumber')).toBe(
      'E100',
    );
    const tile = (name: string) => document.querySelector(`[data-tile="${name}"] dd`)?.textContent;
    expect(tile('balance')).toBe('+4');
    expect(tile('merits')).toBe('5');
    expect(tile('demerits')).toBe('1');
    expect(tile('latest')).toBe('9 Mar 2026');
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('heading').textContent)).toEqual([
      'Helped a classmate',
      'Reading star',
      'Late homework',
    ]);
    const first = rows[0] as HTMLElement;
    expect(within(first).getByText('Merit')).toBeTruthy();
    expect(within(first).getByText('+3 points')).toBeTruthy();
    expect(within(first).getByText('Kindness')).toBeTruthy();
    expect(first.textContent).toContain('Recorded by Ms Hana Saleh');
    expect(within(rows[2] as HTMLElement).getByText('-1 point')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('Demerit')).toBeTruthy();
  });

  it('says what will appear, and what failed with a way to try again', async () => {
    let fail = true;
    await openModulePage('/meritDemerit', {
      '/v1/ppn/care/merit-demerit': () => (fail ? failure(500, 'L000') : jsonResponse(200, careAnswer([]))),
    });
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByText(
        'No merits yet. They appear here when a teacher records one.',
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
  });

  it('speaks Arabic, right to left, with the school text in Arabic where it gave one', async () => {
    await openModulePage(
      '/meritDemerit',
      { '/v1/ppn/care/merit-demerit': () => jsonResponse(200, careAnswer(merits)) },
      { lng: 'ar' },
    );
    expect(await screen.findByRole('heading', { name: 'ساعد زميلًا' }, { timeout: 5000 })).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByText('اللطف')).toBeTruthy();
    expect(screen.getByText('سجّلها أ. هناء صالح')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Late homework' }).getAttribute('lang')).toBe('en');
    expect(screen.getAllByText('نقطة إيجابية').length).toBeGreaterThan(0);
    expect(screen.getByText('الرصيد')).toBeTruthy();
  });
});

describe('the incidents page', () => {
  it('lists incidents by month with their kind, and acknowledges one for the child', async () => {
    const { api } = await openModulePage('/incidence', {
      '/v1/ppn/care/incidents': () => jsonResponse(200, careAnswer([oldIncident, incident])),
      '/v1/ppn/care/incidents/i1/acknowledge': () =>
        jsonResponse(200, { ...ok, item: { ...incident, acknowledgedAt: '2026-03-10T06:00:00.000Z' } }),
    });
    const march = await screen.findByRole('region', { name: 'March 2026' }, { timeout: 5000 });
    expect(screen.getByRole('region', { name: 'January 2026' })).toBeTruthy();
    const fall = within(march).getByRole('listitem');
    expect(within(fall).getByText('Incident')).toBeTruthy();
    expect(within(fall).getByText('Medium severity')).toBeTruthy();
    expect(within(fall).getByText('Grazed knee; first aid given.')).toBeTruthy();
    expect(screen.getByText('Acknowledged on 12 January 2026')).toBeTruthy();
    const waiting = () => document.querySelector('[data-tile="toAcknowledge"] dd')?.textContent;
    expect(waiting()).toBe('1');

    fireEvent.click(within(fall).getByRole('button', { name: 'Acknowledge for Omar Ahmed' }));
    expect(
      await within(fall).findByText('Acknowledged on 10 March 2026', {}, { timeout: 5000 }),
    ).toBeTruthy();
    const [post] = api.to('/v1/ppn/care/incidents/i1/acknowledge');
    expect(post?.method).toBe('POST');
    expect(await post?.json()).toEqual({ enrollNumber: 'E100' });
    await waitFor(() => expect(waiting()).toBe('0'), { timeout: 5000 });
    expect(within(fall).queryByRole('button', { name: /Acknowledge/ })).toBeNull();
  });

  it('says why an acknowledgement failed, in the words of the message id', async () => {
    await openModulePage('/incidence', {
      '/v1/ppn/care/incidents': () => jsonResponse(200, careAnswer([incident])),
      '/v1/ppn/care/incidents/i1/acknowledge': () => failure(403, 'A002'),
    });
    fireEvent.click(
      await screen.findByRole('button', { name: 'Acknowledge for Omar Ahmed' }, { timeout: 5000 }),
    );
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toContain(
      'You can only see information about your own children.',
    );
  });
});
