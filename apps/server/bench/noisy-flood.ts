// One parent flooding the portal, in its own process (so that its work does not slow the
// client that measures the neighbour's reads): PDFs, large photo uploads and payment
// creations, each from several connections at once, at a given rate of each kind or, without
// one, each connection sending its next request as soon as the last is answered. Takes its
// settings as JSON in argv[2]; prints the answers it got by status, as JSON, on the last line.
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { TOPUP_LIMITS } from '@portal/contracts/fees';
import { multipart } from '../test/abuse/multipart.ts';
import { noisyPhoto } from '../test/abuse/noisy-photo.ts';

export type TFloodSettings = {
  baseUrl: string;
  schoolId: string;
  token: string;
  enrollNumber: string;
  /** PDF paths (receipts and invoices, in both languages) asked for in turn. */
  pdfPaths: string[];
  seconds: number;
  /** Requests a second of each kind; none: as fast as the answers come. */
  ratePerKind?: number;
  connections: { pdf: number; photo: number; payment: number };
};

/** Answers by status, per kind of flood. */
export type TFloodResult = Record<'pdf' | 'photo' | 'payment', Record<string, number>>;

function byStatus(result: autocannon.Result): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const [status, { count }] of Object.entries(result.statusCodeStats ?? {})) counts[status] = count ?? 0;
  // A refused upload's connection is closed before its body is sent: the client counts an error.
  if (result.errors > 0) counts['closed or failed'] = result.errors;
  if (result.timeouts > 0) counts['timed out'] = result.timeouts;
  return counts;
}

async function flood(settings: TFloodSettings): Promise<TFloodResult> {
  const auth = { 'client-id': settings.schoolId, authorization: `Bearer ${settings.token}` };
  const photo = multipart([
    { name: 'photo', filename: 'photo.png', type: 'image/png', content: await noisyPhoto() },
  ]);
  const run = (connections: number, requests: autocannon.Request[]) =>
    autocannon({
      url: settings.baseUrl,
      connections,
      duration: settings.seconds,
      requests,
      ...(settings.ratePerKind ? { overallRate: settings.ratePerKind } : {}),
    }).then(byStatus);
  process.stdout.write('flooding\n');
  const [pdf, photos, payment] = await Promise.all([
    run(
      settings.connections.pdf,
      settings.pdfPaths.map((path) => ({ method: 'GET', path, headers: auth })),
    ),
    run(settings.connections.photo, [
      {
        method: 'POST',
        path: `/api/v1/ppn/parent/children/${encodeURIComponent(settings.enrollNumber)}/photo`,
        headers: { ...auth, 'content-type': photo.contentType },
        body: photo.payload,
      },
    ]),
    run(settings.connections.payment, [
      {
        method: 'POST',
        path: '/api/v1/ppn/payments',
        headers: { ...auth, 'content-type': 'application/json' },
        // Each a new payment: its own idempotency key and amount.
        setupRequest: (request) => ({
          ...request,
          body: JSON.stringify({
            kind: 'topup',
            idempotencyKey: randomUUID(),
            enrollNumber: settings.enrollNumber,
            amountMinor: TOPUP_LIMITS.minimumMinor + Math.floor(Math.random() * 1000) * 100,
          }),
        }),
      },
    ]),
  ]);
  return { pdf, photo: photos, payment };
}

const settings = JSON.parse(process.argv[2] ?? '{}') as TFloodSettings;
process.stdout.write(`${JSON.stringify(await flood(settings))}\n`);
