import type { TNotifications } from '@portal/contracts/kits/inbox';
import { api } from '../../lib/api.ts';
import { endpointQueryFn } from '../../lib/endpoint-query.ts';

/** The inbox entries load with the first inbox answer, not with the first page. */
const entries = () => import('@portal/contracts/kits/inbox').then((module) => module.inboxEndpoints);

export type TNotificationsArgs = { pageSize: 5 | 10 | 20 | 50; enrollNumber?: string; unreadOnly?: boolean };
export type TMarkReadArgs = { ids: string[] } | { all: true };

const inboxBase = api.enhanceEndpoints({ addTagTypes: ['Inbox'] });

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

export const { useGetNotificationsQuery, useMarkNotificationsReadMutation } = inboxApi;
