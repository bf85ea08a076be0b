import type { TEndpoint } from '@portal/contracts/endpoint';
import type { TAgendaItem } from '@portal/contracts/families/schedule';
import { api, keptOffline } from '../../lib/api.ts';
import { endpointQueryFn, type TEndpointAnswer } from '../../lib/endpoint-query.ts';

/**
 * The schedule family's queries (docs/decisions/018-module-families.md), each derived from its
 * endpoint entry. The entries load with the first call, so zod stays off the first page.
 */
const entries = () => import('@portal/contracts/families/schedule').then((m) => m.scheduleEndpoints);
const attendanceMonth = () => entries().then((e) => e.attendanceMonth);
const timetableWeek = () => entries().then((e) => e.timetableWeek);
const calendarEvents = () => entries().then((e) => e.calendarEvents);
const calendarFeed = () => entries().then((e) => e.calendarFeed);
const rotateCalendarFeed = () => entries().then((e) => e.rotateCalendarFeed);
const agenda = () => entries().then((e) => e.agenda);
const agendaDone = () => entries().then((e) => e.agendaDone);
const teachers = () => entries().then((e) => e.teachers);

type TAnswer<L extends () => Promise<TEndpoint>> = TEndpointAnswer<Awaited<ReturnType<L>>>;
export type TAttendanceMonthAnswer = TAnswer<typeof attendanceMonth>;
export type TTimetableWeekAnswer = TAnswer<typeof timetableWeek>;
export type TCalendarEventsAnswer = TAnswer<typeof calendarEvents>;
export type TCalendarFeedAnswer = TAnswer<typeof calendarFeed>;
export type TAgendaAnswer = TAnswer<typeof agenda>;
export type TAgendaItemAnswer = TAnswer<typeof agendaDone>;
export type TTeachersAnswer = TAnswer<typeof teachers>;

/** A range of days of one child, `YYYY-MM-DD` both included. */
export type TChildRange = { enrollNumber: string; from: string; to: string };

/** Ticks an agenda item done (or not) for a child. */
export type TAgendaDoneRequest = { itemId: string; enrollNumber: string; done: boolean };

const scheduleBase = api.enhanceEndpoints({ addTagTypes: ['Agenda', 'CalendarFeed'] });

export const scheduleApi = scheduleBase.injectEndpoints({
  endpoints: (build) => ({
    /** Every day of a month of the child's attendance, with the month's counts. */
    getAttendanceMonth: build.query<TAttendanceMonthAnswer, { enrollNumber: string; month: string }>({
      queryFn: endpointQueryFn(attendanceMonth, (query: { enrollNumber: string; month: string }) => ({
        query,
      })),
    }),
    /** The child's lessons of the school week that holds `date`. */
    getTimetableWeek: build.query<TTimetableWeekAnswer, { enrollNumber: string; date: string }>({
      queryFn: endpointQueryFn(timetableWeek, (query: { enrollNumber: string; date: string }) => ({ query })),
      extraOptions: keptOffline,
    }),
    /** The school calendar and the child's due dates in a range. */
    getCalendarEvents: build.query<TCalendarEventsAnswer, TChildRange>({
      queryFn: endpointQueryFn(calendarEvents, (query: TChildRange) => ({ query })),
    }),
    /** The parent's personal iCalendar address (made on the first call). */
    getCalendarFeed: build.query<TCalendarFeedAnswer, void>({
      queryFn: endpointQueryFn(calendarFeed, () => ({})),
      providesTags: ['CalendarFeed'],
    }),
    /** A new iCalendar address; the old one stops answering. */
    rotateCalendarFeed: build.mutation<TCalendarFeedAnswer, void>({
      queryFn: endpointQueryFn(rotateCalendarFeed, () => ({})),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(scheduleApi.util.upsertQueryData('getCalendarFeed', undefined, data));
      },
    }),
    /** The child's diary items due in a range. */
    getAgenda: build.query<TAgendaAnswer, TChildRange>({
      queryFn: endpointQueryFn(agenda, (query: TChildRange) => ({ query })),
      providesTags: (_result, _error, { enrollNumber }) => [{ type: 'Agenda', id: enrollNumber }],
    }),
    /**
     * Ticks an item done or not done. Every list holding the item shows the change at once and
     * takes it back if the school's server refuses it.
     */
    setAgendaDone: build.mutation<TAgendaItemAnswer, TAgendaDoneRequest>({
      queryFn: endpointQueryFn(agendaDone, ({ itemId, enrollNumber, done }: TAgendaDoneRequest) => ({
        params: { itemId },
        body: { enrollNumber, done },
      })),
      async onQueryStarted({ itemId, enrollNumber, done }, { dispatch, getState, queryFulfilled }) {
        const lists = scheduleApi.util
          .selectInvalidatedBy(getState(), [{ type: 'Agenda', id: enrollNumber }])
          .filter((entry) => entry.endpointName === 'getAgenda');
        const change = (update: (item: TAgendaItem) => TAgendaItem) =>
          lists.map(({ originalArgs }) =>
            dispatch(
              scheduleApi.util.updateQueryData('getAgenda', originalArgs as TChildRange, (draft) => {
                draft.items = draft.items.map((item) => (item.id === itemId ? update(item) : item));
              }),
            ),
          );
        const patches = change((item) => ({ ...item, doneAt: done ? new Date().toISOString() : null }));
        try {
          const { data } = await queryFulfilled;
          change(() => data.item);
        } catch {
          for (const patch of patches) patch.undo();
        }
      },
    }),
    /** Who teaches the child, class teacher first. */
    getTeachers: build.query<TTeachersAnswer, string>({
      queryFn: endpointQueryFn(teachers, (enrollNumber: string) => ({ query: { enrollNumber } })),
    }),
  }),
});

export const {
  useGetAttendanceMonthQuery,
  useGetTimetableWeekQuery,
  useGetCalendarEventsQuery,
  useGetCalendarFeedQuery,
  useRotateCalendarFeedMutation,
  useGetAgendaQuery,
  useSetAgendaDoneMutation,
  useGetTeachersQuery,
} = scheduleApi;
