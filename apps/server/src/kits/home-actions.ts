import { MAX_HOME_ACTIONS, type THomeAction } from '@portal/contracts/home';
import { MENU } from '@portal/contracts/menu';
import type { TDatabase } from '../db/client.ts';

// "Needs your action" (docs/modules.md section 5): each module family says what a parent should
// do in its modules through one provider; the home route (modules/home/actions.ts) asks the
// providers of the modules the school grants, at every read, so a done item leaves at once.
// A family hands its providers to the home route where the app registers it (app.ts), so
// families never import each other.

/** What a provider knows of the parent asking. */
export type THomeActionContext = {
  db: TDatabase;
  schoolId: string;
  parentId: string;
  /** The parent's children (enrolment number and full name). */
  children: readonly { enrollNumber: string; fullName: string }[];
  /** Today in the school's time zone (YYYY-MM-DD). */
  today: string;
  now: Date;
};

/** One thing to do, as a family states it; the home route adds the id, the child's name and the path. */
export type THomeActionDraft = Pick<
  THomeAction,
  'kind' | 'enrollNumber' | 'title' | 'titleAr' | 'dueOn' | 'overdue' | 'amount'
> & {
  /** What the item is about in its family (a fee line's id, a circular's id): with the kind and child, its id. */
  source: string;
  /** Added to the module's path, beside `enrollNumber` (e.g. `{ id }` to open one record). */
  query?: Record<string, string>;
  /**
   * What is done by doing this item, when another family may list it too (a trip's fee line
   * is also a fee line: `feeItem:<id>`). Of the items with the same key, the list keeps the one
   * of the provider given first (app.ts lists the more telling ones first).
   */
  sameAs?: string;
};

export type THomeActionProvider = {
  /**
   * The menu entries that open the provider's items: it is asked only when the school grants
   * one of them, and its items open the first one granted (fee payment has two entries).
   */
  modules: readonly string[];
  items: (context: THomeActionContext) => Promise<THomeActionDraft[]>;
};

/** The portal path of an item: the module's path, the child and the item's own query. */
export function actionPath(modulePath: string, draft: THomeActionDraft): string {
  const query = new URLSearchParams();
  if (draft.enrollNumber) query.set('enrollNumber', draft.enrollNumber);
  for (const [name, value] of Object.entries(draft.query ?? {})) query.set(name, value);
  const text = query.toString();
  return text ? `${modulePath}?${text}` : modulePath;
}

/** Overdue first, then by due day (none last), then by title, then by id (a stable order). */
export function byUrgency(a: THomeAction, b: THomeAction): number {
  if (a.overdue !== b.overdue) return a.overdue ? -1 : 1;
  if (a.dueOn !== b.dueOn) {
    if (a.dueOn === null) return 1;
    if (b.dueOn === null) return -1;
    return a.dueOn < b.dueOn ? -1 : 1;
  }
  return a.title.localeCompare(b.title) || a.id.localeCompare(b.id);
}

export type TCollectedActions = { items: THomeAction[]; unavailableModules: string[] };

/**
 * Asks every provider whose module is granted, at once, and gathers their items in order of
 * urgency (at most MAX_HOME_ACTIONS). A provider that fails leaves its module out of this answer
 * (named in `unavailableModules`) and is reported to `onFailure`; the others still answer.
 */
export async function collectHomeActions(
  providers: readonly THomeActionProvider[],
  context: THomeActionContext,
  granted: (entryKey: string) => boolean,
  onFailure: (module: string, error: unknown) => void,
): Promise<TCollectedActions> {
  const names = new Map(context.children.map((child) => [child.enrollNumber, child.fullName]));
  const asked = providers.flatMap((provider) => {
    const module = provider.modules.find(granted);
    return module ? [{ provider, module }] : [];
  });
  const answers = await Promise.all(
    asked.map(async ({ provider, module }) => {
      try {
        return { module, drafts: await provider.items(context) };
      } catch (error) {
        onFailure(module, error);
        return { module, drafts: null };
      }
    }),
  );
  const items: THomeAction[] = [];
  const unavailableModules: string[] = [];
  const listed = new Set<string>();
  for (const { module, drafts } of answers) {
    if (drafts === null) {
      unavailableModules.push(module);
      continue;
    }
    const path = MENU.find((entry) => entry.key === module)?.path ?? '/dashboard';
    for (const draft of drafts) {
      // A provider reads through the access layer; an item about a child not the parent's is dropped all the same.
      if (draft.enrollNumber !== null && !names.has(draft.enrollNumber)) continue;
      if (draft.sameAs !== undefined) {
        if (listed.has(draft.sameAs)) continue;
        listed.add(draft.sameAs);
      }
      const { source, query: _query, sameAs: _sameAs, ...fields } = draft;
      items.push({
        ...fields,
        id: `${draft.kind}:${source}:${draft.enrollNumber ?? 'family'}`,
        module,
        childName: draft.enrollNumber === null ? null : (names.get(draft.enrollNumber) ?? null),
        path: actionPath(path, draft),
      });
    }
  }
  return { items: items.sort(byUrgency).slice(0, MAX_HOME_ACTIONS), unavailableModules };
}
