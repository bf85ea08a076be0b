import type { TLeaveRequest, TRequestItem } from '@portal/contracts/families/requests';
import type { TRequestEvent } from '@portal/contracts/kits/requests';
import { ok } from '../../test/module-page.ts';

/** The family of the test parent: Omar (E100) and Lina (E200). */
export const omarChild = { enrollNumber: 'E100', childName: 'Omar Ahmed' };
export const linaChild = { enrollNumber: 'E200', childName: 'Lina Ahmed' };

/** A page of a request list, the last one. */
export const listOf = <T>(items: T[]) => ({ ...ok, items, nextCursor: null });

export const sent = (at = '2026-03-08T05:00:00Z'): TRequestEvent => ({
  seq: 1,
  at,
  actor: 'parent',
  from: null,
  to: 'submitted',
  note: '',
});

/** A request of any kind, submitted by the parent. */
export function requestItem(overrides: Partial<TRequestItem> = {}): TRequestItem {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    kind: 'leave',
    status: 'submitted',
    children: [omarChild],
    summary: 'Family wedding',
    createdAt: '2026-03-08T05:00:00Z',
    updatedAt: '2026-03-08T05:00:00Z',
    canCancel: true,
    history: [sent()],
    ...overrides,
  };
}

/** A leave request. */
export function leaveRequest(overrides: Partial<TLeaveRequest> = {}): TLeaveRequest {
  return {
    ...requestItem(),
    from: '2026-03-15',
    to: '2026-03-16',
    reason: 'Family wedding',
    days: 2,
    ...overrides,
  };
}
