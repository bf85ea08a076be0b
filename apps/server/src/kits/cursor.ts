import { sql, type Column } from 'drizzle-orm';
import { MessageId } from '@portal/contracts/messages';
import { ApiError } from '../api-error.ts';

// Paged lists (docs/modules.md section 1, "Pages"): a page ends at its last row's instant (to the
// microsecond) and id, and the next page's `cursor` is that pair, opaque to clients.

/** Where a page ends: its last row's instant (`instantText`) and id (a UUID). */
export type TCursor = { at: string; id: string };

const CURSOR = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** True for a UUID (an id a path names is checked before it reaches a uuid column). */
export const isUuid = (text: string) => UUID.test(text.toLowerCase());

export const cursorText = (cursor: TCursor) =>
  Buffer.from(`${cursor.at}|${cursor.id}`, 'utf8').toString('base64url');

/** The cursor a page's `nextCursor` names, or null when it is not one. */
export function readCursor(text: string): TCursor | null {
  const [at = '', id = '', ...rest] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  return rest.length === 0 && CURSOR.test(at) && UUID.test(id) ? { at, id } : null;
}

/** Where the page a `cursor` query names starts (null: the first page); 400 `V001` when it is not one this API gave. */
export function afterCursor(cursor: string | undefined): TCursor | null {
  if (!cursor) return null;
  const after = readCursor(cursor);
  if (!after) throw new ApiError(400, MessageId.invalidRequest, 'The cursor is not one this API gave');
  return after;
}

/** An instant as a cursor keeps it: UTC, to the microsecond (a JavaScript Date keeps milliseconds). */
export const instantText = (column: Column) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
