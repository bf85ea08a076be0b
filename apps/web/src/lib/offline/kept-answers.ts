import { getSchoolId } from '../school-id.ts';
import {
  indexedDbAnswerStore,
  memoryAnswerStore,
  type TAnswerStore,
  type TKeptAnswer,
} from './answer-store.ts';
import { keptAnswerShown } from './connection.ts';

// The last answers of the queries Home and the timetable read, kept so those pages show what the
// parent last saw when there is no network (docs/decisions/025-passkeys-pwa-push.md). They are
// the signed-in parent's only: kept per school and parent, dropped when the session ends (signing
// out, the idle time-out, a session ended elsewhere) and when another parent signs in.

/** The part of the root state that says whose answers these are. */
export interface TAnswerOwnerState {
  session: { signedIn: boolean; parent: { parentID: string } | null };
}

export type TAnswerOwner = { schoolId: string; parentId: string };

/** Whose answers a request reads and keeps: the signed-in parent's at this school, or nobody's. */
export function answerOwnerOf(
  state: TAnswerOwnerState,
  schoolId: string = getSchoolId(),
): TAnswerOwner | null {
  const parentId = state.session.signedIn ? state.session.parent?.parentID : undefined;
  return parentId && schoolId ? { schoolId, parentId } : null;
}

let store: TAnswerStore | null = null;
let turn: Promise<unknown> = Promise.resolve();

function answerStore(): TAnswerStore {
  store ??= typeof indexedDB === 'undefined' ? memoryAnswerStore() : indexedDbAnswerStore(indexedDB);
  return store;
}

/**
 * Runs the store's operations one after the other, in the order asked: an answer kept just
 * before the session ends is dropped with it, never written after the drop.
 */
function inTurn<T>(operation: (store: TAnswerStore) => Promise<T>): Promise<T> {
  const next = turn.then(() => operation(answerStore()));
  turn = next.catch(() => undefined);
  return next;
}

/** The path and query a request asked for: what its answer is kept under. */
export function addressOf(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/** Keeps a query's answer for the owner (a failure to keep it is no failure of the query). */
export function keepAnswer(
  owner: TAnswerOwner,
  request: Request,
  data: unknown,
  now: number = Date.now(),
): void {
  inTurn((answers) => answers.put({ ...owner, url: addressOf(request), data, savedAt: now })).catch(
    () => undefined,
  );
}

/** The owner's kept answer to the same request, announced as shown; null when none is kept. */
export async function keptAnswer(owner: TAnswerOwner, request: Request): Promise<TKeptAnswer | null> {
  const kept = await inTurn((answers) =>
    answers.get(owner.schoolId, owner.parentId, addressOf(request)),
  ).catch(() => null);
  if (kept) keptAnswerShown(kept.savedAt);
  return kept;
}

/** Drops every kept answer of the school that is not the owner's (all of them without one). */
export function keepOnlyAnswersOf(
  owner: TAnswerOwner | null,
  schoolId: string = getSchoolId(),
): Promise<void> {
  return inTurn((answers) => answers.keepOnly(owner?.schoolId ?? schoolId, owner?.parentId ?? null)).catch(
    () => undefined,
  );
}

/**
 * From now on, keeps the kept answers to those of the signed-in parent: at once, and each time
 * the session's parent changes (a sign-out, the end of the session, another parent's sign-in).
 * Call it once the saved session has been restored, so a reload does not drop its answers.
 * `onOwner` is called with each new signed-in parent, whose answers are kept from then on.
 */
export function followAnswerOwner(
  store: {
    getState: () => TAnswerOwnerState;
    subscribe: (listener: () => void) => () => void;
  },
  onOwner: (owner: TAnswerOwner) => void = () => undefined,
): () => void {
  let last: string | undefined;
  const follow = () => {
    const owner = answerOwnerOf(store.getState());
    const key = owner ? `${owner.schoolId}/${owner.parentId}` : '';
    if (key === last) return;
    last = key;
    void keepOnlyAnswersOf(owner);
    if (owner) onOwner(owner);
  };
  follow();
  return store.subscribe(follow);
}
