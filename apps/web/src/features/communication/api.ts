import type {
  TArchivedEmailAnswer,
  TEmailArchive,
  TThreadAnswer,
  TThreadContact,
  TThreads,
} from '@portal/contracts/families/publications';
import { api } from '../../lib/api.ts';
import { endpointQueryFn } from '../../lib/endpoint-query.ts';

/**
 * Messages with the staff of a child and the archive of the mail the portal sent (F4,
 * docs/decisions/021-publications-and-inbox.md), each derived from its endpoint entry. The
 * entries load with the first call, so zod stays off the first page.
 */
const entries = () =>
  import('@portal/contracts/families/publications').then((module) => module.publicationEndpoints);

/** How many threads or mails one page brings. */
export const PAGE_SIZE = 20 as const;

/** A page's cursor: '' for the first page. */
type TCursor = string;
const nextCursorOf = (page: { nextCursor: string | null }) => page.nextCursor ?? undefined;
const cursorQuery = (cursor: TCursor) => (cursor ? { cursor } : {});

export type TThreadsArgs = { enrollNumber: string | null };
export type TNewThreadArgs = {
  enrollNumber: string;
  staffId: string;
  subject: string;
  body: string;
  attachmentIds: string[];
};
export type TNewMessageArgs = { id: string; body: string; attachmentIds: string[] };

const communicationBase = api.enhanceEndpoints({
  addTagTypes: ['Threads', 'Thread', 'EmailArchive', 'Inbox'],
});

export const communicationApi = communicationBase.injectEndpoints({
  endpoints: (build) => ({
    /** The parent's threads (of one child, or of all), latest message first, a page at a time. */
    getThreads: build.infiniteQuery<TThreads, TThreadsArgs, TCursor>({
      infiniteQueryOptions: { initialPageParam: '', getNextPageParam: nextCursorOf },
      queryFn: endpointQueryFn(
        () => entries().then((endpoints) => endpoints.threads),
        ({ queryArg, pageParam }: { queryArg: TThreadsArgs; pageParam: TCursor }) => ({
          query: {
            pageSize: PAGE_SIZE,
            ...cursorQuery(pageParam),
            ...(queryArg.enrollNumber ? { enrollNumber: queryArg.enrollNumber } : {}),
          },
        }),
      ),
      providesTags: ['Threads'],
    }),
    /** The staff a parent may write to about a child. */
    getThreadContacts: build.query<TThreadContact[], string>({
      queryFn: endpointQueryFn(
        () => entries().then((endpoints) => endpoints.threadContacts),
        (enrollNumber: string) => ({ query: { enrollNumber } }),
        (answer) => answer.items,
      ),
    }),
    /** One thread with its messages. */
    getThread: build.query<TThreadAnswer, string>({
      queryFn: endpointQueryFn(
        () => entries().then((endpoints) => endpoints.thread),
        (id: string) => ({ params: { id } }),
      ),
      providesTags: (_result, _error, id) => [{ type: 'Thread', id }],
    }),
    /** Starts a thread with its first message; the answer is the new thread. */
    startThread: build.mutation<TThreadAnswer, TNewThreadArgs>({
      queryFn: endpointQueryFn(
        () => entries().then((endpoints) => endpoints.newThread),
        (body: TNewThreadArgs) => ({ body }),
      ),
      onQueryStarted: keepThread,
      invalidatesTags: (result) => (result ? ['Threads'] : []),
    }),
    /** Adds the parent's message to a thread; the answer is the thread as it is now. */
    sendMessage: build.mutation<TThreadAnswer, TNewMessageArgs>({
      queryFn: endpointQueryFn(
        () => entries().then((endpoints) => endpoints.newMessage),
        ({ id, body, attachmentIds }: TNewMessageArgs) => ({ params: { id }, body: { body, attachmentIds } }),
      ),
      onQueryStarted: keepThread,
      // A thread closed meanwhile (409 M001) is read again, so the page shows it closed.
      invalidatesTags: (result, _error, { id }) => (result ? ['Threads'] : [{ type: 'Thread', id }]),
    }),
    /**
     * Marks the school's messages of a thread read; the thread's notices are read with them
     * (docs/notifications.md, "Threads with staff"), so the inbox is asked again.
     */
    readThread: build.mutation<TThreadAnswer, string>({
      queryFn: endpointQueryFn(
        () => entries().then((endpoints) => endpoints.readThread),
        (id: string) => ({ params: { id } }),
      ),
      onQueryStarted: keepThread,
      invalidatesTags: (result) => (result ? ['Threads', 'Inbox'] : []),
    }),
    /** The mail the portal sent the parent, newest first, optionally searched. */
    getEmailArchive: build.infiniteQuery<TEmailArchive, { q: string }, TCursor>({
      infiniteQueryOptions: { initialPageParam: '', getNextPageParam: nextCursorOf },
      queryFn: endpointQueryFn(
        () => entries().then((endpoints) => endpoints.emailArchive),
        ({ queryArg, pageParam }: { queryArg: { q: string }; pageParam: TCursor }) => ({
          query: { pageSize: PAGE_SIZE, ...cursorQuery(pageParam), ...(queryArg.q ? { q: queryArg.q } : {}) },
        }),
      ),
      providesTags: ['EmailArchive'],
    }),
    /** One archived mail with its text. */
    getArchivedEmail: build.query<TArchivedEmailAnswer['email'], string>({
      queryFn: endpointQueryFn(
        () => entries().then((endpoints) => endpoints.archivedEmail),
        (id: string) => ({ params: { id } }),
        (answer) => answer.email,
      ),
    }),
  }),
});

/** Puts the thread a mutation answered with into the thread's cache, so it shows at once. */
async function keepThread(
  _arg: unknown,
  {
    dispatch,
    queryFulfilled,
  }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: TThreadAnswer }> },
) {
  const answer = await queryFulfilled.catch(() => null);
  if (!answer) return;
  dispatch(communicationApi.util.upsertQueryData('getThread', answer.data.thread.id, answer.data));
}

export const {
  useGetThreadsInfiniteQuery,
  useGetThreadContactsQuery,
  useGetThreadQuery,
  useStartThreadMutation,
  useSendMessageMutation,
  useReadThreadMutation,
  useGetEmailArchiveInfiniteQuery,
  useGetArchivedEmailQuery,
} = communicationApi;
