import type { TNotice } from '../../../src/kits/notify.ts';

/** The demo child Nour's late arrival as a notice, under `dedupeKey`, with any field changed. */
export const lateNotice = (dedupeKey: string, more: Partial<TNotice> = {}): TNotice => ({
  schoolId: 'mogra',
  enrollNumber: 'MG2001',
  category: 'attendance',
  kind: 'attendance.late',
  dedupeKey,
  title: { en: 'Nour arrived late', ar: 'تأخرت نور' },
  body: { en: 'Nour arrived at 08:20.', ar: 'وصلت نور الساعة 08:20.' },
  path: '/attendance_month?enrollNumber=MG2001',
  ...more,
});
