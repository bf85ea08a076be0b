import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TPolicy } from '@portal/contracts/families/publications';
import { catchDownloads, pdfResponse } from '../../../test/downloads.ts';
import { failure, freezeDateAt, ok, openModulePage } from '../../../test/module-page.ts';
import { jsonResponse } from '../../../test/render.tsx';
import { lina, omar, policy } from '../test-data.ts';

const conduct = policy({
  id: 'p-conduct',
  version: '3',
  title: 'Code of conduct',
  titleAr: 'مدونة السلوك',
  summary: 'How pupils treat each other and the school.',
  summaryAr: 'كيف يتعامل الطلاب مع بعضهم ومع المدرسة.',
  effectiveOn: '2026-04-01',
  publishedAt: '2026-03-01T05:00:00Z',
  file: { id: 'pf1', fileName: 'conduct-v3.pdf', sizeBytes: 400_000, path: '/policies/p-conduct/file' },
  requiresAck: true,
  earlierVersionAcknowledged: true,
});
const privacy = policy({
  id: 'p-privacy',
  title: 'Privacy notice',
  requiresAck: true,
  children: [
    omar({ acknowledgedAt: '2025-09-02T04:30:00Z', acknowledgedBy: 'you' }),
    lina({ acknowledgedAt: '2025-09-03T04:30:00Z', acknowledgedBy: 'otherParent' }),
  ],
});
const homework = policy({ id: 'p-homework', title: 'Homework policy' });
const policiesPath = '/v1/ppn/policies';
const answerOf = (items: TPolicy[]) => ({ ...ok, items });

freezeDateAt('2026-03-10T06:00:00Z');
const { saved } = catchDownloads();

describe('the school policies page', { timeout: 15_000 }, () => {
  it('lists the policies with their version and PDF, and acknowledges a new version for one child', async () => {
    const { api } = await openModulePage('/school-policies', {
      [policiesPath]: () => jsonResponse(200, answerOf([conduct, privacy, homework])),
      '/v1/ppn/policies/p-conduct/file': () => pdfResponse('conduct-v3.pdf'),
      '/v1/ppn/policies/p-conduct/acknowledge': () =>
        jsonResponse(200, {
          ...ok,
          item: {
            ...conduct,
            children: [
              lina(),
              omar({ acknowledgedAt: '2026-03-10T06:00:00Z', acknowledgedBy: 'you' }),
            ].reverse(),
          },
        }),
    });
    const card = await screen.findByRole('article', { name: 'Code of conduct' }, { timeout: 5000 });
    expect(screen.getByText('1 policy waits for your acknowledgement.')).toBeTruthy();
    expect(within(card).getByText('Version 3')).toBeTruthy();
    expect(card.textContent).toContain('In effect from 1 April 2026');
    expect(card.textContent).toContain('Published on 1 March 2026');
    expect(within(card).getByText('New version: please read and acknowledge.')).toBeTruthy();
    expect(within(card).getByText('How pupils treat each other and the school.')).toBeTruthy();

    const privacyCard = screen.getByRole('article', { name: 'Privacy notice' });
    expect(within(privacyCard).queryByRole('button', { name: /^Acknowledge/ })).toBeNull();
    expect(within(privacyCard).getByText('Acknowledged by you on 2 September 2025 at 8:30 am')).toBeTruthy();
    expect(
      within(privacyCard).getByText('Acknowledged by another parent on 3 September 2025 at 8:30 am'),
    ).toBeTruthy();
    const homeworkCard = screen.getByRole('article', { name: 'Homework policy' });
    expect(within(homeworkCard).queryByRole('button')).toBeNull();

    fireEvent.click(within(card).getByRole('button', { name: 'Code of conduct: Read the policy (PDF)' }));
    await waitFor(() => expect(saved.map((file) => file.name)).toEqual(['conduct-v3.pdf']));

    fireEvent.click(within(card).getByRole('button', { name: 'Acknowledge for Omar Ahmed' }));
    expect(await within(card).findByText('Acknowledged by you on 10 March 2026 at 10:00 am')).toBeTruthy();
    expect(await api.to('/v1/ppn/policies/p-conduct/acknowledge')[0]?.json()).toEqual({
      enrollNumbers: ['E100'],
    });
    // Lina still waits for it.
    expect(within(card).getByRole('button', { name: 'Acknowledge for Lina Ahmed' })).toBeTruthy();
    expect(screen.getByText('1 policy waits for your acknowledgement.')).toBeTruthy();
  });

  it('acknowledges a first version for every child at once, and speaks Arabic', async () => {
    const first = { ...conduct, version: '1', earlierVersionAcknowledged: false };
    const done = { acknowledgedAt: '2026-03-10T06:00:00Z', acknowledgedBy: 'you' as const };
    const { api } = await openModulePage(
      '/school-policies',
      {
        [policiesPath]: () => jsonResponse(200, answerOf([first])),
        '/v1/ppn/policies/p-conduct/acknowledge': () =>
          jsonResponse(200, { ...ok, item: { ...first, children: [omar(done), lina(done)] } }),
      },
      { lng: 'ar' },
    );
    const card = await screen.findByRole('article', { name: 'مدونة السلوك' }, { timeout: 5000 });
    expect(within(card).getByText('يُرجى القراءة والإقرار.')).toBeTruthy();
    expect(within(card).getByText('الإصدار 1')).toBeTruthy();
    expect(screen.getByText('سياسة واحدة بانتظار إقرارك.')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'إقرار عن الجميع' }));
    await waitFor(() => expect(screen.queryByText('سياسة واحدة بانتظار إقرارك.')).toBeNull());
    expect(await api.to('/v1/ppn/policies/p-conduct/acknowledge')[0]?.json()).toEqual({
      enrollNumbers: ['E100', 'E200'],
    });
    expect(within(card).getAllByText(/تم الإقرار منك في/)).toHaveLength(2);
    expect(within(card).queryByText('يُرجى القراءة والإقرار.')).toBeNull();
  });

  it('says when there are no policies, and why it failed with a way to try again', async () => {
    let fail = true;
    await openModulePage('/school-policies', {
      [policiesPath]: () => (fail ? failure(500, 'L000') : jsonResponse(200, answerOf([]))),
    });
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByText('No school policies yet. They appear here when the school publishes them.'),
    ).toBeTruthy();
  });
});
