import type {
  TNotificationCategory,
  TNotificationPreferences,
  TNotifications,
} from '@portal/contracts/kits/inbox';
import { MENU } from '@portal/contracts/menu';
import { api } from '../../lib/api.ts';
import { endpointQueryFn } from '../../lib/endpoint-query.ts';

/** The inbox entries load with the first inbox answer, not with the first page. */
const entries = () => import('@portal/contracts/kits/inbox').then((module) => module.inboxEndpoints);

export type TNotificationsArgs = { pageSize: 5 | 10 | 20 | 50; enrollNumber?: string; unreadOnly?: boolean };
export type TMarkReadArgs = { ids: string[] } | { all: true };
/** The inbox page's filters: a child, a category, unread only (null: any). */
export type TInboxFilters = {
  enrollNumber: string | null;
  category: TNotificationCategory | null;
  unreadOnly: boolean;
};

/** The inbox page (the `notifications` menu entry's path); `?view=preferences` opens the preferences. */
export const INBOX_PATH = MENU.find((entry) => entry.key === 'notifications')?.path ?? '/notification';
export const PREFERENCES_PATH = `${INBOX_PATH}?view=preferences`;

/** How many notices a page of the inbox brings. */
export const INBOX_PAGE_SIZE = 20 as const;

const inboxBase = api.enhanceEndpoints({ addTagTypes: ['Inbox', 'InboxPreferences'] });

export const inboxApi = inboxBase.injectEndpoints({
  endpoints: (build) => ({
    /** The parent's latest notices, newest first, with how many are unread. */
    getNotifications: build.query<TNotifications, TNotificationsArgs>({
      queryFn: endpointQueryFn(
        () => entries().then((endpoints) => endpoints.notifications),
        ({ pageSize, enrollNumber, unreadOnly }: TNotificationsArgs) => ({
          query: {
            pageSize,
            ...(enrollNumber ? { enrollNumber } : {}),
            ...(unreadOnly ? { unread: '1' as const } : {}),
          },
        }),
      ),
      providesTags: ['Inbox'],
    }),
    /** The inbox page: the notices the filters keep, newest first, a page at a time. */
    getInbox: build.infiniteQuery<TNotifications, TInboxFilters, string>({
      infiniteQueryOptions: {
        initialPageParam: '',
        getNextPageParam: (page) => page.nextCursor ?? undefined,
      },
      queryFn: endpointQueryFn(
        () => entries().then((endpoints) => endpoints.notifications),
        ({ queryArg, pageParam }: { queryArg: TInboxFilters; pageParam: string }) => ({
          query: {
            pageSize: INBOX_PAGE_SIZE,
            ...(pageParam ? { cursor: pageParam } : {}),
            ...(queryArg.enrollNumber ? { enrollNumber: queryArg.enrollNumber } : {}),
            ...(queryArg.category ? { category: queryArg.category } : {}),
            ...(queryArg.unreadOnly ? { unread: '1' as const } : {}),
          },
        }),
      ),
      providesTags: ['Inbox'],
    }),
    /** How each category reaches the parent, quiet hours, digest time and mail language. */
    getPreferences: build.query<TNotificationPreferences, void>({
      queryFn: endpointQueryFn(
        () => entries().then((endpoints) => endpoints.preferences),
        () => ({}),
        (answer) => answer.preferences,
      ),
      providesTags: ['InboxPreferences'],
    }),
    /** Saves the preferences; the answer (as the server keeps them) replaces the ones shown. */
    savePreferences: build.mutation<TNotificationPreferences, TNotificationPreferences>({
      queryFn: endpointQueryFn(
        () => entries().then((endpoints) => endpoints.savePreferences),
        (body: TNotificationPreferences) => ({ body }),
        (answer) => answer.preferences,
      ),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const saved = await queryFulfilled.catch(() => null);
        if (saved) dispatch(inboxApi.util.upsertQueryData('getPreferences', undefined, saved.data));
      },
    }),
    /** Marks notices read (or all of them); the inbox is read again. */
    markNotificationsRead: build.mutation<{ unread: number }, TMarkReadArgs>({
      queryFn: endpointQueryFn(
        () => entries().then((endpoints) => endpoints.markRead),
        (body: TMarkReadArgs) => ({ body }),
      ),
      invalidatesTags: ['Inbox'],
    }),
  }),
});

export const {
  useGetNotificationsQuery,
  useMarkNotificationsReadMutation,
  useGetInboxInfiniteQuery,
  useGetPreferencesQuery,
  useSavePreferencesMutation,
} = inboxApi;
