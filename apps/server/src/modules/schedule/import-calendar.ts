import { schoolCalendar } from '../../db/schema/index.ts';
import { appliedCounts, byStatus, removeRows, sourcedIdsOf, upsertRows } from '../../kits/bundle-apply.ts';
import { rowReader } from '../../kits/bundle-fields.ts';
import type { TBundleFileHandler } from '../../kits/bundle-file.ts';
import { publishedAtOf, timeOf, titleOf } from '../../kits/portal-columns.ts';

// calendar.csv (docs/school-data.md): the school calendar (terms, holidays, exams, events),
// each row by its `sourcedId`, for every grade or the grades it names. A row shows to parents
// from its `publishedAt`; a bulk file holds the whole calendar.

const CALENDAR_KINDS = ['holiday', 'event', 'exam', 'term'] as const;

type TCalendarRow = {
  sourcedId: string;
  kind: (typeof CALENDAR_KINDS)[number] | null;
  titleEn: string;
  titleAr: string;
  detailEn: string;
  detailAr: string;
  startsOn: string;
  endsOn: string;
  startsAt: string | null;
  endsAt: string | null;
  grades: string[];
  publishedAt: Date | null;
};

export const calendarFile: TBundleFileHandler<TCalendarRow> = {
  file: 'calendar.csv',
  columns: ['sourcedId', 'kind', 'title_en', 'title_ar', 'startDate', 'publishedAt'],
  optionalColumns: ['detail_en', 'detail_ar', 'endDate', 'startTime', 'endTime', 'grades'],
  keyColumn: 'sourcedId',
  parseRow(record, row, status) {
    const read = rowReader(record, row);
    const required = { required: status === 'active' };
    const startsOn = read.day('startDate', required) ?? '';
    const value: TCalendarRow = {
      sourcedId: read.text('sourcedId', { required: true }),
      kind: read.oneOf('kind', CALENDAR_KINDS, required),
      titleEn: titleOf(read, 'title_en', required),
      titleAr: titleOf(read, 'title_ar'),
      detailEn: read.text('detail_en').trim(),
      detailAr: read.text('detail_ar').trim(),
      startsOn,
      endsOn: read.day('endDate') ?? startsOn,
      startsAt: timeOf(read, 'startTime'),
      endsAt: timeOf(read, 'endTime'),
      grades: read.list('grades'),
      publishedAt: publishedAtOf(read),
    };
    if (value.endsOn < value.startsOn) read.problem('endDate', 'the end comes before the start');
    if (value.endsAt && !value.startsAt) read.problem('startTime', 'an end time needs a start time');
    if (value.startsAt && value.endsAt && value.startsOn === value.endsOn && value.endsAt <= value.startsAt)
      read.problem('endTime', 'the event ends before it starts');
    return read.problems.length > 0 ? { problems: read.problems } : { value };
  },
  async apply(tx, context, rows) {
    const { schoolId } = context;
    const { active, deleted } = byStatus(rows);
    const written = await upsertRows(tx, schoolCalendar, {
      target: [schoolCalendar.schoolId, schoolCalendar.eventId],
      update: [
        schoolCalendar.kind,
        schoolCalendar.titleEn,
        schoolCalendar.titleAr,
        schoolCalendar.detailEn,
        schoolCalendar.detailAr,
        schoolCalendar.startsOn,
        schoolCalendar.endsOn,
        schoolCalendar.startsAt,
        schoolCalendar.endsAt,
        schoolCalendar.audienceGrades,
        schoolCalendar.publishedAt,
      ],
      rows: active.map(({ value }) => ({
        schoolId,
        eventId: value.sourcedId,
        kind: value.kind ?? 'event',
        titleEn: value.titleEn,
        titleAr: value.titleAr,
        detailEn: value.detailEn,
        detailAr: value.detailAr,
        startsOn: value.startsOn,
        endsOn: value.endsOn,
        startsAt: value.startsAt,
        endsAt: value.endsAt,
        audienceGrades: value.grades,
        publishedAt: value.publishedAt,
      })),
    });
    const removed = await removeRows(tx, context, schoolCalendar, {
      school: schoolCalendar.schoolId,
      id: schoolCalendar.eventId,
      deleted: sourcedIdsOf(deleted),
      kept: sourcedIdsOf(active),
    });
    return appliedCounts(rows.length, written, removed);
  },
};
