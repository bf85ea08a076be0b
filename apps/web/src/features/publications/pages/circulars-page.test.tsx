import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { catchDownloads, pdfResponse } from '../../../test/downloads.ts';
import { failure, freezeDateAt, ok, openModulePage } from '../../../test/module-page.ts';
import { jsonResponse } from '../../../test/render.tsx';
import { circular, circularsAnswer, lina, omar } from '../test-data.ts';

const trip = circular({
  id: 'c-trip',
  title: 'Museum trip consent',
  titleAr: 'موافقة رحلة المتحف',
  publishedAt: '2026-03-05T05:00:00Z',
  requiresAck: true,
  ackBy: '2026-03-12',
  files: [{ id: 'f1', fileName: 'trip-letter.pdf', sizeBytes: 240_000, path: '/circulars/c-trip/files/f1' }],
});
const uniform = circular({
  id: 'c-uniform',
  title: 'Winter uniform',
  publishedAt: '2026-02-20T05:00:00Z',
  requiresAck: true,
  ackBy: '2026-03-01',
  overdue: true,
  children: [omar(), lina({ acknowledgedAt: '2026-02-21T07:15:00Z', acknowledgedBy: 'otherParent' })],
});
const sports = circular({ id: 'c-sports', title: 'Sports day', publishedAt: '2026-03-08T05:00:00Z' });

const cardOf = (title: string) => screen.getByRole('article', { name: title });
const circularsPath = '/v1/ppn/circulars';
const queryOf = (request: Request | undefined) =>
  Object.fromEntries(new URL(request?.url ?? '').searchParams);

freezeDateAt('2026-03-10T06:00:00Z');
const { saved } = catchDownloads();

describe('the circulars page', { timeout: 15_000 }, () => {
  it('puts those to acknowledge first, with their deadline, then the rest, for the header’s child', async () => {
    const { api } = await openModulePage('/circular', {
      [circularsPath]: () => jsonResponse(200, circularsAnswer([sports, trip, uniform])),
    });
    const toAck = await screen.findByRole('region', { name: 'To acknowledge' }, { timeout: 5000 });
    expect(
      within(toAck)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Museum trip consent', 'Winter uniform']);
    const others = screen.getByRole('region', { name: 'Other circulars' });
    expect(within(others).getByRole('heading', { name: 'Sports day' })).toBeTruthy();
    expect(screen.getByText('2 circulars wait for your acknowledgement.')).toBeTruthy();

    const tripCard = cardOf('Museum trip consent');
    expect(tripCard.textContent).toContain('5 March 2026');
    expect(within(tripCard).getByText('Acknowledge by 12 March 2026')).toBeTruthy();
    expect(
      within(within(tripCard).getByRole('list', { name: 'About' }))
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['Omar Ahmed', 'Lina Ahmed']);
    expect(within(tripCard).getByRole('button', { name: 'Download trip-letter.pdf' })).toBeTruthy();
    expect(within(tripCard).getByText('PDF, 234 kB')).toBeTruthy();

    const uniformCard = cardOf('Winter uniform');
    expect(within(uniformCard).getByText('Overdue: was due by 1 March 2026')).toBeTruthy();
    expect(
      within(uniformCard)
        .getByText(/by another parent/)
        .closest('li')?.textContent,
    ).toBe('Lina AhmedAcknowledged by another parent on 21 February 2026 at 11:15 am');
    // One child left: no "for all".
    expect(within(uniformCard).queryByRole('button', { name: 'Acknowledge for all' })).toBeNull();

    // The header's child narrows the list; the parent can widen it.
    const only = screen.getByRole('button', { name: 'Only Omar Ahmed' });
    expect(only.getAttribute('aria-pressed')).toBe('true');
    expect(queryOf(api.to(circularsPath)[0])).toEqual({ pageSize: '10', enrollNumber: 'E100' });
    fireEvent.click(only);
    await waitFor(() => expect(api.to(circularsPath)).toHaveLength(2));
    expect(queryOf(api.to(circularsPath)[1])).toEqual({ pageSize: '10' });
    expect(screen.getByRole('button', { name: 'Only Omar Ahmed' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
  });

  it('acknowledges for every child at once, or for one, and shows who did it and when', async () => {
    const acknowledged = { acknowledgedAt: '2026-03-10T06:00:00Z', acknowledgedBy: 'you' as const };
    const { api } = await openModulePage('/circular?enrollNumber=E100', {
      [circularsPath]: () => jsonResponse(200, circularsAnswer([sports, trip, uniform])),
      '/v1/ppn/circulars/c-trip/acknowledge': () =>
        jsonResponse(200, { ...ok, item: { ...trip, children: [omar(acknowledged), lina(acknowledged)] } }),
      '/v1/ppn/circulars/c-uniform/acknowledge': () =>
        jsonResponse(200, {
          ...ok,
          item: { ...uniform, overdue: false, children: [omar(acknowledged), uniform.children[1]] },
        }),
    });
    const tripCard = (
      await screen.findByRole('heading', { name: 'Museum trip consent' }, { timeout: 5000 })
    ).closest('article') as HTMLElement;
    fireEvent.click(within(tripCard).getByRole('button', { name: 'Acknowledge for all' }));
    await waitFor(() => expect(within(tripCard).queryByRole('button', { name: /^Acknowledge/ })).toBeNull());
    const [post] = api.to('/v1/ppn/circulars/c-trip/acknowledge');
    expect(post?.method).toBe('POST');
    expect(await post?.json()).toEqual({ enrollNumbers: ['E100', 'E200'] });
    expect(within(tripCard).getAllByText('Acknowledged by you on 10 March 2026 at 10:00 am')).toHaveLength(2);
    expect(tripCard.dataset.waiting).toBe('false');
    expect(within(tripCard).queryByText(/Acknowledge by/)).toBeNull();
    // It stays where the parent is; one circular is left to acknowledge.
    const toAck = screen.getByRole('region', { name: 'To acknowledge' });
    expect(within(toAck).getByRole('heading', { name: 'Museum trip consent' })).toBeTruthy();
    expect(screen.getByText('1 circular waits for your acknowledgement.')).toBeTruthy();

    const uniformCard = cardOf('Winter uniform');
    fireEvent.click(within(uniformCard).getByRole('button', { name: 'Acknowledge for Omar Ahmed' }));
    expect(
      await within(uniformCard).findByText('Acknowledged by you on 10 March 2026 at 10:00 am'),
    ).toBeTruthy();
    expect(await api.to('/v1/ppn/circulars/c-uniform/acknowledge')[0]?.json()).toEqual({
      enrollNumbers: ['E100'],
    });
    // The list takes the answer once the request settles, a moment after the buttons do.
    await waitFor(() => expect(within(uniformCard).queryByText(/Overdue/)).toBeNull());
    expect(screen.queryByText(/wait for your acknowledgement|waits for your acknowledgement/)).toBeNull();
  });

  it('narrows to the child a link names, to what waits, and says what will appear', async () => {
    const { api } = await openModulePage('/circular?enrollNumber=E200', {
      [circularsPath]: () => jsonResponse(200, circularsAnswer([], { toAcknowledge: 0 })),
    });
    expect(
      await screen.findByText(
        'No circulars about Lina Ahmed yet. They appear here when the school sends one; turn off “Only Lina Ahmed” to see your whole family’s.',
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Only Lina Ahmed' }).getAttribute('aria-pressed')).toBe('true');
    expect(queryOf(api.to(circularsPath)[0])).toEqual({ pageSize: '10', enrollNumber: 'E200' });
    fireEvent.click(screen.getByRole('button', { name: 'Only waiting for me' }));
    expect(
      await screen.findByText(
        'Nothing waits for your acknowledgement. When the school sends a circular that asks for one, it appears here.',
      ),
    ).toBeTruthy();
    expect(queryOf(api.to(circularsPath)[1])).toEqual({
      pageSize: '10',
      enrollNumber: 'E200',
      unacknowledged: '1',
    });
  });

  it('loads more with the cursor, and downloads the attachments and the acknowledgement history', async () => {
    const { api } = await openModulePage('/circular', {
      [circularsPath]: (request) =>
        new URL(request.url).searchParams.get('cursor') === 'page-2'
          ? jsonResponse(200, circularsAnswer([sports], { toAcknowledge: 1 }))
          : jsonResponse(200, circularsAnswer([trip], { nextCursor: 'page-2' })),
      '/v1/ppn/circulars/c-trip/files/f1': () => pdfResponse('trip-letter.pdf'),
      '/v1/ppn/acknowledgements/history.pdf': () => pdfResponse('acknowledgements.pdf'),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Show more' }, { timeout: 5000 }));
    expect(await screen.findByRole('heading', { name: 'Sports day' })).toBeTruthy();
    expect(queryOf(api.to(circularsPath)[1])).toMatchObject({ cursor: 'page-2' });
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Download trip-letter.pdf' }));
    fireEvent.click(screen.getByRole('button', { name: 'Acknowledgement history (PDF)' }));
    await waitFor(() =>
      expect(saved.map((file) => file.name).sort()).toEqual(['acknowledgements.pdf', 'trip-letter.pdf']),
    );
    const [history] = api.to('/v1/ppn/acknowledgements/history.pdf');
    expect(new URL(history?.url ?? '').searchParams.get('lng')).toBe('en');
    expect(history?.headers.get('authorization')).toBe('Bearer token-123');
  });

  it('folds a long letter to its first lines until asked', async () => {
    const letter = Array.from({ length: 8 }, (_, line) => `Line ${line + 1} of the letter.`).join('\n');
    await openModulePage('/circular', {
      [circularsPath]: () => jsonResponse(200, circularsAnswer([{ ...sports, body: letter }])),
    });
    const more = await screen.findByRole('button', { name: 'Read more' }, { timeout: 5000 });
    const body = document.getElementById(more.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(body.className).toContain('line-clamp-4');
    fireEvent.click(more);
    expect(screen.getByRole('button', { name: 'Show less' }).getAttribute('aria-expanded')).toBe('true');
    expect(body.className).not.toContain('line-clamp-4');
  });

  it('shows the shape of the cards while they load, then why it failed and a way to try again', async () => {
    let release: (response: Response) => void = () => undefined;
    let failing = true;
    let calls = 0;
    await openModulePage('/circular', {
      [circularsPath]: () => {
        calls += 1;
        if (!failing) return jsonResponse(200, circularsAnswer([sports]));
        return calls === 1 ? new Promise<Response>((resolve) => (release = resolve)) : failure(503, 'S503');
      },
    });
    expect((await screen.findAllByTestId('circular-skeleton', {}, { timeout: 5000 })).length).toBe(3);
    release(failure(503, 'S503'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The service is temporarily unavailable. Please try again shortly.');
    failing = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Sports day' })).toBeTruthy();
  });

  it('speaks Arabic, with the school’s Arabic where it gave one', async () => {
    const { api } = await openModulePage(
      '/circular',
      {
        [circularsPath]: () => jsonResponse(200, circularsAnswer([sports, trip, uniform])),
        '/v1/ppn/acknowledgements/history.pdf': () => pdfResponse('acknowledgements.pdf'),
      },
      { lng: 'ar' },
    );
    const toAck = await screen.findByRole('region', { name: 'بانتظار الإقرار' }, { timeout: 5000 });
    expect(document.documentElement.dir).toBe('rtl');
    const tripCard = within(toAck).getByRole('article', { name: 'موافقة رحلة المتحف' });
    expect(within(tripCard).getByRole('button', { name: 'إقرار عن الجميع' })).toBeTruthy();
    expect(within(tripCard).getByText(/يُرجى الإقرار قبل/)).toBeTruthy();
    expect(
      screen.getByRole('heading', { name: 'Winter uniform' }).querySelector('bdi')?.getAttribute('lang'),
    ).toBe('en');
    expect(screen.getByText('تعميمان بانتظار إقرارك.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'سجل الإقرارات (PDF)' }));
    await waitFor(() => expect(api.to('/v1/ppn/acknowledgements/history.pdf')).toHaveLength(1));
    expect(
      new URL(api.to('/v1/ppn/acknowledgements/history.pdf')[0]?.url ?? '').searchParams.get('lng'),
    ).toBe('ar');
  });
});
