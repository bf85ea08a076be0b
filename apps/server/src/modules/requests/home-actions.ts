import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import { accountSettings, requestEvents, requests } from '../../db/schema/index.ts';
import type { THomeActionDraft, THomeActionProvider } from '../../kits/home-actions.ts';
import { kindName } from './notices.ts';
import { documentAsks, stateOf, uploadsOf } from './uploads.ts';
import { grantedKinds, ofFamily } from './views.ts';

// What the requests family asks of a parent on Home (docs/modules.md section 5), read with the
// uploads page's and the requests page's own queries: an asked document leaves once sent, a
// decision once the parent opens the requests page (requisitions.ts marks it).

/** The most items one provider answers (the most urgent first). */
const MAX_ITEMS = 50;
/** Before the parent first opens the requests page, the decisions of this many days are new. */
export const DECISIONS_NEW_DAYS = 14;
const DAY_MS = 86_400_000;
const DECIDED = ['approved', 'rejected'];
/** Kinds whose summary is a code the page puts in words (a photocopy's `<document> × <copies>`). */
const CODED_SUMMARY_KINDS = new Set(['photocopy']);

/**
 * The documents the school asked of the parent's children that the family has not sent (or that
 * the school refused), as the uploads page states them, the first due first.
 */
const uploadRequested: THomeActionProvider = {
  modules: ['uploads'],
  async items({ db, schoolId, children, today }) {
    const asks = await documentAsks(
      db,
      schoolId,
      children.map((child) => child.enrollNumber),
      { limit: MAX_ITEMS },
    );
    const uploads = await uploadsOf(
      db,
      schoolId,
      asks.map((ask) => ask.documentRequestId),
    );
    return asks.flatMap((ask): THomeActionDraft[] => {
      const state = stateOf(ask, uploads.get(ask.documentRequestId)?.[0]);
      if (state !== 'waiting' && state !== 'refused') return [];
      return [
        {
          kind: 'uploadRequested',
          enrollNumber: ask.enrollNumber,
          title: ask.titleEn,
          titleAr: ask.titleAr || ask.titleEn,
          dueOn: ask.dueOn,
          overdue: ask.dueOn < today,
          amount: null,
          source: ask.documentRequestId,
        },
      ];
    });
  },
};

/** A request's title: the family's own words (its summary) when it has some, else its kind's name. */
function titleOf(kind: string, summary: unknown): { en: string; ar: string } {
  const words = typeof summary === 'string' && !CODED_SUMMARY_KINDS.has(kind) ? summary.trim() : '';
  if (words) return { en: words, ar: words };
  const name = kindName(kind);
  return { en: name.en.charAt(0).toUpperCase() + name.en.slice(1), ar: name.ar };
}

/**
 * The family's requests (of the kinds the requests page lists) the school approved or rejected
 * since the parent last opened that page; before the first opening, those of the last
 * DECISIONS_NEW_DAYS days. The newest decision first.
 */
const requestDecided: THomeActionProvider = {
  modules: ['requisitions'],
  async items({ db, schoolId, parentId, children, now }) {
    const owner = { schoolId, parentId };
    const [kinds, [mark]] = await Promise.all([
      grantedKinds(db, schoolId),
      db
        .select({ seenAt: accountSettings.requestsSeenAt })
        .from(accountSettings)
        .where(and(eq(accountSettings.schoolId, schoolId), eq(accountSettings.parentId, parentId))),
    ]);
    if (kinds.length === 0) return [];
    const since = mark?.seenAt ?? new Date(now.getTime() - DECISIONS_NEW_DAYS * DAY_MS);
    const rows = await db
      .select({ request: requests })
      .from(requests)
      .innerJoin(
        requestEvents,
        and(
          eq(requestEvents.schoolId, requests.schoolId),
          eq(requestEvents.requestId, requests.requestId),
          eq(requestEvents.toStatus, requests.status),
        ),
      )
      .where(
        and(
          ofFamily(
            owner,
            children.map((child) => child.enrollNumber),
          ),
          inArray(requests.kind, kinds),
          inArray(requests.status, DECIDED),
          gt(requestEvents.at, since),
        ),
      )
      .orderBy(desc(requestEvents.at), desc(requests.requestId))
      .limit(MAX_ITEMS);
    return rows.map(({ request }): THomeActionDraft => {
      const title = titleOf(request.kind, request.payload.summary);
      return {
        kind: 'requestDecided',
        // A request about one child names it; one about several, or the parent, is the family's.
        enrollNumber: request.enrollNumbers.length === 1 ? (request.enrollNumbers[0] ?? null) : null,
        title: title.en,
        titleAr: title.ar,
        dueOn: null,
        overdue: false,
        amount: null,
        source: request.requestId,
      };
    });
  },
};

/** What the requests family asks of a parent on Home (docs/modules.md section 5). */
export const requestsHomeActions: readonly THomeActionProvider[] = [uploadRequested, requestDecided];
