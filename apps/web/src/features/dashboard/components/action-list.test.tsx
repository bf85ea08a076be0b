import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { THomeAction, THomeActions } from '@portal/contracts/home';
import { fakeApi, jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { ActionList } from './action-list.tsx';

const PATH = '/v1/ppn/home/actions';

const item = (over: Partial<THomeAction>): THomeAction => ({
  id: 'feeDue:f1:E100',
  kind: 'feeDue',
  module: 'feePayment',
  enrollNumber: 'E100',
  childName: 'Omar Ahmed',
  title: 'Tuition term 2',
  titleAr: 'رسوم الفصل الثاني',
  dueOn: '2026-11-20',
  overdue: true,
  amount: { minor: 125000, currency: 'AED' },
  path: '/feepayment?enrollNumber=E100',
  ...over,
});

const answer = (items: THomeAction[], unavailableModules: string[] = []): THomeActions => ({
  success: true,
  messageId: 'S200',
  items,
  unavailableModules,
});

const describe_ = (module: string) =>
  module === 'circulars' || module === 'feePayment' || module === 'survey'
    ? {
        label: { circulars: 'Circulars', feePayment: 'Fee payment', survey: 'Surveys' }[module],
        icon: null,
        tileClassName: '',
      }
    : undefined;

async function show(lng: 'en' | 'ar' = 'en') {
  return renderWithProviders(
    <>
      <h2 id="needs">Needs your action</h2>
      <ActionList labelledBy="needs" describe={describe_} />
    </>,
    { lng },
  );
}

describe('needs your action', () => {
  it('lists each item with what to do, its title, its child or the family, its due day and amount, opening its screen', async () => {
    fakeApi({
      [PATH]: () =>
        jsonResponse(
          200,
          answer([
            item({}),
            item({
              id: 'circularAck:c1:family',
              kind: 'circularAck',
              module: 'circulars',
              enrollNumber: null,
              childName: null,
              title: 'Sports day',
              titleAr: 'اليوم الرياضي',
              dueOn: '2026-12-02',
              overdue: false,
              amount: null,
              path: '/circular',
            }),
          ]),
        ),
    });
    await show();
    const list = await screen.findByRole('list', { name: 'Needs your action' });
    const [fee, circular, ...rest] = within(list).getAllByRole('link');
    expect(rest).toEqual([]);
    expect(fee!.getAttribute('href')).toBe('/feepayment?enrollNumber=E100');
    expect(fee!.textContent).toContain('Pay a fee');
    expect(fee!.textContent).toContain('Tuition term 2');
    expect(fee!.textContent).toContain('Omar Ahmed');
    expect(fee!.textContent).toContain('Overdue since 20 Nov');
    expect(fee!.textContent).toContain('AED');
    expect(circular!.textContent).toContain('Acknowledge a circular');
    expect(circular!.textContent).toContain('Family');
    expect(circular!.textContent).toContain('Due 2 Dec');
    expect(circular!.textContent).toContain('Circulars');
  });

  it('writes the day of an absence to explain in the parent’s language', async () => {
    fakeApi({
      [PATH]: () =>
        jsonResponse(
          200,
          answer([
            item({
              id: 'absenceToExplain:2026-11-25:E100',
              kind: 'absenceToExplain',
              module: 'attendance',
              title: '2026-11-25',
              titleAr: '2026-11-25',
              dueOn: null,
              overdue: false,
              amount: null,
              path: '/attendance_month?enrollNumber=E100',
            }),
          ]),
        ),
    });
    await show();
    expect(await screen.findByText('Wednesday 25 November')).toBeTruthy();
    expect(screen.getByText('Explain an absence')).toBeTruthy();
  });

  it('shows the Arabic title on an Arabic page', async () => {
    fakeApi({ [PATH]: () => jsonResponse(200, answer([item({})])) });
    await show('ar');
    expect(await screen.findByText('رسوم الفصل الثاني')).toBeTruthy();
    expect(screen.getByText('ادفع رسومًا')).toBeTruthy();
  });

  it('says when nothing needs the parent, and names a module that could not be checked', async () => {
    fakeApi({ [PATH]: () => jsonResponse(200, answer([], ['survey'])) });
    await show();
    expect(await screen.findByText(/Nothing needs you today/)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Could not check Surveys just now');
  });

  it('says why it failed and tries again on request', async () => {
    let calls = 0;
    fakeApi({
      [PATH]: () => {
        calls += 1;
        return calls === 1
          ? jsonResponse(503, { success: false, messageId: 'E503' })
          : jsonResponse(200, answer([item({})]));
      },
    });
    await show();
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Tuition term 2')).toBeTruthy();
  });

  it('names every child of one thing to do in one row, and shows the first six until asked for all', async () => {
    const circular = (enrollNumber: string, childName: string) =>
      item({
        id: `circularAck:c9:${enrollNumber}`,
        kind: 'circularAck',
        module: 'circulars',
        enrollNumber,
        childName,
        title: 'Sports day',
        amount: null,
        path: `/circular?enrollNumber=${enrollNumber}`,
      });
    const fees = [1, 2, 3, 4, 5, 6].map((n) => item({ id: `feeDue:f${n}:E100`, title: `Fee ${n}` }));
    fakeApi({
      [PATH]: () =>
        jsonResponse(200, answer([circular('E100', 'Omar Ahmed'), circular('E200', 'Lina Ahmed'), ...fees])),
    });
    await show();
    const list = await screen.findByRole('list', { name: 'Needs your action' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(6);
    expect(rows[0]!.textContent).toContain('Omar Ahmed');
    expect(rows[0]!.textContent).toContain('Lina Ahmed');
    expect(list.textContent).not.toContain('Fee 6');
    const more = screen.getByRole('button', { name: 'Show all 7 things to do' });
    fireEvent.click(more);
    expect(within(list).getAllByRole('listitem')).toHaveLength(7);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    expect(more.textContent).toBe('Show fewer');
  });

  it('waits in the shape the list had at the last visit on this device, so that nothing below it moves', async () => {
    // The skeleton: the words for a screen reader, the rows, then "Show all" when it was there.
    const shapeOf = (skeleton: HTMLElement) => ({
      rows: skeleton.children[1]!.children.length,
      more: skeleton.children.length === 3,
    });
    const never = () => new Promise<Response>(() => undefined);
    fakeApi({ [PATH]: never });
    const firstVisit = await show();
    expect(shapeOf(screen.getByRole('status'))).toEqual({ rows: 6, more: true });
    firstVisit.unmount();

    fakeApi({
      [PATH]: () => jsonResponse(200, answer([item({}), item({ id: 'feeDue:f2:E100', title: 'Fee 2' })])),
    });
    const loaded = await show();
    await screen.findByRole('list', { name: 'Needs your action' });
    loaded.unmount();

    fakeApi({ [PATH]: never });
    await show();
    expect(shapeOf(screen.getByRole('status'))).toEqual({ rows: 2, more: false });
  });
});
