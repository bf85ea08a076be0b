import { expect } from 'vitest';
import { ZApiError } from '@portal/contracts/api-result';
import { MESSAGE_IDS } from '@portal/contracts/messages';

type TAnswer = {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
  json: () => unknown;
};

const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype).sort();

/** The error body of the API, `{ success:false, messageId, message }`, with a known message id. */
export function expectApiError(answer: TAnswer, where: string): string {
  const parsed = ZApiError.safeParse(JSON.parse(answer.body || 'null'));
  expect(parsed.success, `${where}: not the API's error shape: ${answer.body.slice(0, 300)}`).toBe(true);
  const messageId = parsed.data?.messageId ?? '';
  expect(MESSAGE_IDS, `${where}: unknown message id`).toContain(messageId);
  return messageId;
}

/**
 * Whatever was sent: never a 5xx, and a refusal carries the API's error shape (pages outside
 * /api, such as the sandbox's checkout page, may answer a page). Nothing leaked into the
 * shared prototypes of the server process.
 */
export function expectSafeAnswer(request: { method: string; url: string }, answer: TAnswer): void {
  const where = `${request.method} ${request.url} -> ${answer.statusCode}`;
  expect(answer.statusCode, `${where} ${answer.body.slice(0, 300)}`).toBeLessThan(500);
  const type = String(answer.headers['content-type'] ?? '');
  const isPage = !request.url.startsWith('/api/') && type.startsWith('text/html');
  if (answer.statusCode >= 400 && request.method !== 'HEAD' && !isPage) expectApiError(answer, where);
  expect(Object.getOwnPropertyNames(Object.prototype).sort(), 'Object.prototype changed').toEqual(
    PROTOTYPE_NAMES,
  );
}

/** A refusal (one of `statuses`) with a message id, that shows none of the `secrets`. */
export function expectRefused(answer: TAnswer, statuses: number[], secrets: string[], where: string): void {
  expect(statuses, `${where}: ${answer.statusCode} ${answer.body.slice(0, 300)}`).toContain(
    answer.statusCode,
  );
  expectApiError(answer, where);
  for (const secret of secrets) expect(answer.body, `${where} shows ${secret}`).not.toContain(secret);
}
