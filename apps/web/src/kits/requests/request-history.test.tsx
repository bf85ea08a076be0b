import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { REQUEST_STATUSES, type TRequestEvent } from '@portal/contracts/kits/requests';
import { renderWithProviders } from '../../test/render.tsx';
import { RequestHistory } from './request-history.tsx';
import { RequestStatusChip } from './status-chip.tsx';

/** A leave request's history, given newest first (the timeline orders it). */
const events: TRequestEvent[] = [
  {
    seq: 3,
    at: '2026-03-03T05:30:00Z',
    actor: 'school',
    from: 'submitted',
    to: 'approved',
    note: 'Get well soon',
  },
  { seq: 1, at: '2026-03-01T06:00:00Z', actor: 'parent', from: null, to: 'draft', note: '' },
  { seq: 2, at: '2026-03-01T06:10:00Z', actor: 'parent', from: 'draft', to: 'submitted', note: '' },
  {
    seq: 4,
    at: '2026-03-04T20:00:00Z',
    actor: 'system',
    from: 'approved',
    to: 'cancelled',
    note: 'انتهت المدة',
  },
];

describe('request status chips', () => {
  it('show every state with its word and an icon, each in its own colour', async () => {
    await renderWithProviders(
      <ul>
        {REQUEST_STATUSES.map((status) => (
          <li key={status}>
            <RequestStatusChip status={status} />
          </li>
        ))}
      </ul>,
    );
    const chips = screen.getAllByRole('listitem').map((item) => item.firstElementChild as HTMLElement);
    expect(chips.map((chip) => chip.textContent)).toEqual([
      'Draft',
      'Submitted',
      'In review',
      'Approved',
      'Rejected',
      'Cancelled',
    ]);
    for (const chip of chips) expect(chip.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
    const colours = chips.map((chip) => /bg-(\w+)-/.exec(chip.className)?.[1]);
    expect(new Set(colours.slice(1, 5)).size).toBe(4);
  });

  it('speak Arabic', async () => {
    await renderWithProviders(<RequestStatusChip status="in_review" />, { lng: 'ar' });
    expect(screen.getByText('قيد المراجعة')).toBeTruthy();
  });
});

describe('the request history', () => {
  it('runs oldest first: who, when (on the school’s clock), from which state to which, and the note', async () => {
    await renderWithProviders(<RequestHistory events={events} />);
    expect(screen.getByRole('heading', { name: 'History' })).toBeTruthy();
    const lines = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      // 06:00 UTC is 10:00 in Dubai, the default school time zone.
      'You01-03-2026 10:00 AMCreated asDraft',
      'You01-03-2026 10:10 AMDraftchanged toSubmitted',
      'The school03-03-2026 9:30 AMSubmittedchanged toApprovedNote: Get well soon',
      'The system05-03-2026 12:00 AMApprovedchanged toCancelledNote: انتهت المدة',
    ]);
    expect(
      within(lines[0] as HTMLElement)
        .getByText('01-03-2026 10:00 AM')
        .getAttribute('dateTime'),
    ).toBe('2026-03-01T06:00:00Z');
    // The parent's or the school's text keeps its own direction.
    expect(screen.getByText('انتهت المدة').getAttribute('dir')).toBe('auto');
  });

  it('mirrors in Arabic: the line on the start edge (the right), the arrows turned', async () => {
    const { container } = await renderWithProviders(<RequestHistory events={events} title="سجل الطلب" />, {
      lng: 'ar',
    });
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByRole('heading', { name: 'سجل الطلب' })).toBeTruthy();
    const lines = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(lines[0]?.textContent).toContain('أنت');
    expect(lines[0]?.textContent).toContain('مسودة');
    expect(lines[2]?.textContent).toContain('المدرسة');
    expect(lines[3]?.textContent).toContain('النظام');
    expect(container.querySelector('ol')?.className).toContain('border-s-2');
    const arrows = [...container.querySelectorAll('li svg.lucide-arrow-right')];
    expect(arrows).toHaveLength(3);
    for (const arrow of arrows) expect(arrow.getAttribute('class')).toContain('rtl:-scale-x-100');
  });
});
