import type { TSessionNotice, TSharedSession } from './slice.ts';

/**
 * What the tabs of one browser on one school's address tell each other about the session
 * (a BroadcastChannel, which reaches only pages of the same origin):
 * - `ask`: a new tab with no session asks the open ones for theirs;
 * - `answer`: a signed-in tab hands its session to that ask;
 * - `ended`: the session of `token` ended (signed out, refused, idle): every tab clears it;
 * - `activity`: the server accepted a request of `token` at `at`: the idle clock restarted.
 * The token travels only here, in memory, never through localStorage or an address.
 */
export type TTabMessage =
  | { type: 'ask'; id: string }
  | { type: 'answer'; id: string; session: TSharedSession }
  | { type: 'ended'; token: string; notice: TSessionNotice | null }
  | { type: 'activity'; token: string; at: number };

/** The channel's name: one per origin, so one per school. */
export const TAB_CHANNEL_NAME = 'portal-session';

/** What the tab sync needs of a BroadcastChannel (tests pass their own). */
export interface TTabChannel {
  postMessage(message: TTabMessage): void;
  onmessage: ((event: MessageEvent) => void) | null;
  close(): void;
}

type TRecord = Record<string, unknown>;

const isRecord = (value: unknown): value is TRecord => typeof value === 'object' && value !== null;
const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
const isTime = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function isSharedSession(value: unknown): value is TSharedSession {
  return (
    isRecord(value) &&
    isText(value.token) &&
    Array.isArray(value.children) &&
    Array.isArray(value.authority) &&
    Array.isArray(value.applicationList) &&
    isTime(value.idleSeconds) &&
    (value.lastActivityAt === null || isTime(value.lastActivityAt))
  );
}

/** The message a tab sent, or null for anything else on the channel. */
export function readTabMessage(data: unknown): TTabMessage | null {
  if (!isRecord(data)) return null;
  switch (data.type) {
    case 'ask':
      return isText(data.id) ? { type: 'ask', id: data.id } : null;
    case 'answer':
      return isText(data.id) && isSharedSession(data.session)
        ? { type: 'answer', id: data.id, session: data.session }
        : null;
    case 'ended':
      return isText(data.token) && (data.notice === null || isText(data.notice))
        ? { type: 'ended', token: data.token, notice: data.notice as TSessionNotice | null }
        : null;
    case 'activity':
      return isText(data.token) && isTime(data.at)
        ? { type: 'activity', token: data.token, at: data.at }
        : null;
    default:
      return null;
  }
}
