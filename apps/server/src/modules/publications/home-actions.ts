import { and } from 'drizzle-orm';
import type { THomeActionContext, THomeActionDraft, THomeActionProvider } from '../../kits/home-actions.ts';
import { circularItems, circularPage, visibleToFamily, waitingForFamily } from './circular-views.ts';
import { policiesOf, policySubjectId } from './policy-repository.ts';
import { parentThreadPage } from './thread-store.ts';

// What the publications family asks of a parent on Home (docs/modules.md section 5), read with
// the family's own list queries, so an item leaves as soon as its page no longer waits for it.

/** The most circulars or threads one answer reads (the newest first). */
const MAX_ROWS = 50;

const ownerOf = (context: THomeActionContext) => ({ schoolId: context.schoolId, parentId: context.parentId });

/**
 * Circulars waiting for an acknowledgement, one item per child not yet acknowledged (by either
 * parent), as GET circulars?unacknowledged=1 lists them; the page opens on that filter.
 */
const circularAck: THomeActionProvider = {
  modules: ['circulars'],
  async items(context) {
    const owner = ownerOf(context);
    const page = await circularPage(
      context.db,
      and(visibleToFamily(owner), waitingForFamily(owner))!,
      MAX_ROWS,
      null,
    );
    const circulars = await circularItems(context.db, owner, page.rows, context.today);
    return circulars.flatMap((circular) =>
      circular.children
        .filter((child) => child.acknowledgedAt === null)
        .map((child): THomeActionDraft => ({
          kind: 'circularAck',
          enrollNumber: child.enrollNumber,
          title: circular.title,
          titleAr: circular.titleAr,
          dueOn: circular.ackBy,
          overdue: circular.overdue,
          amount: null,
          source: circular.id,
          query: { unacknowledged: '1' },
        })),
    );
  },
};

/**
 * Policies whose current version asks to be acknowledged and is not for every child (the
 * policies page's "waiting"), one item for the family; a new version is a new item.
 */
const policyAck: THomeActionProvider = {
  modules: ['schoolPolicies'],
  async items(context) {
    const policies = await policiesOf(context.db, ownerOf(context));
    return policies
      .filter(
        (policy) => policy.requiresAck && policy.children.some((child) => child.acknowledgedAt === null),
      )
      .map((policy) => ({
        kind: 'policyAck',
        enrollNumber: null,
        title: policy.title,
        titleAr: policy.titleAr,
        dueOn: null,
        overdue: false,
        amount: null,
        source: policySubjectId(policy.id, policy.version),
      }));
  },
};

/**
 * Threads with staff messages the parent has not read, about the child of the thread, among
 * the newest MAX_ROWS (a staff reply makes a thread the newest); the page opens it by `thread`.
 */
const messageUnread: THomeActionProvider = {
  modules: ['communication'],
  async items(context) {
    const page = await parentThreadPage(context.db, ownerOf(context), undefined, MAX_ROWS, null);
    return page.rows
      .filter((row) => row.unread > 0)
      .map(({ thread }) => ({
        kind: 'messageUnread',
        enrollNumber: thread.enrollNumber,
        title: thread.subject,
        titleAr: thread.subject,
        dueOn: null,
        overdue: false,
        amount: null,
        source: thread.threadId,
        query: { thread: thread.threadId },
      }));
  },
};

/** What the publications family asks of a parent on Home (docs/modules.md section 5). */
export const publicationsHomeActions: readonly THomeActionProvider[] = [
  circularAck,
  policyAck,
  messageUnread,
];
