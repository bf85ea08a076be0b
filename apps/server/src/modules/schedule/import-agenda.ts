import { AGENDA_KINDS } from '@portal/contracts/families/schedule';
import { agendaItems } from '../../db/schema/index.ts';
import { appliedCounts, byStatus, removeRows, sourcedIdsOf, upsertRows } from '../../kits/bundle-apply.ts';
import { rowReader } from '../../kits/bundle-fields.ts';
import type { TBundleFileHandler } from '../../kits/bundle-file.ts';
import { publishedAtOf, titleOf } from '../../kits/portal-columns.ts';
import { checkReferences } from '../../kits/school-ids.ts';

// agenda.csv (docs/school-data.md): the diary of a class (homework, classwork, reminders,
// tests) by the day each is due, each row by its `sourcedId`. A row shows to parents from its
// `publishedAt`; a bulk file holds the whole diary (what it no longer lists is removed, with
// the parents' ticks on it).

type TAgendaRow = {
  sourcedId: string;
  classId: string;
  dueOn: string;
  kind: (typeof AGENDA_KINDS)[number] | null;
  titleEn: string;
  titleAr: string;
  detailEn: string;
  detailAr: string;
  publishedAt: Date | null;
};

export const agendaFile: TBundleFileHandler<TAgendaRow> = {
  file: 'agenda.csv',
  columns: ['sourcedId', 'classSourcedId', 'dueDate', 'kind', 'title_en', 'title_ar', 'publishedAt'],
  optionalColumns: ['detail_en', 'detail_ar'],
  after: ['classes.csv'],
  keyColumn: 'sourcedId',
  parseRow(record, row, status) {
    const read = rowReader(record, row);
    const required = { required: status === 'active' };
    const value: TAgendaRow = {
      sourcedId: read.text('sourcedId', { required: true }),
      classId: read.text('classSourcedId', required),
      dueOn: read.day('dueDate', required) ?? '',
      kind: read.oneOf('kind', AGENDA_KINDS, required),
      titleEn: titleOf(read, 'title_en', required),
      titleAr: titleOf(read, 'title_ar'),
      detailEn: read.text('detail_en').trim(),
      detailAr: read.text('detail_ar').trim(),
      publishedAt: publishedAtOf(read),
    };
    return read.problems.length > 0 ? { problems: read.problems } : { value };
  },
  async apply(tx, context, rows) {
    const { schoolId } = context;
    const { active, deleted } = byStatus(rows);
    await checkReferences(tx, context, active, [
      { kind: 'class', column: 'classSourcedId', idOf: (value) => value.classId },
    ]);
    const written = await upsertRows(tx, agendaItems, {
      target: [agendaItems.schoolId, agendaItems.itemId],
      update: [
        agendaItems.classId,
        agendaItems.dueOn,
        agendaItems.kind,
        agendaItems.titleEn,
        agendaItems.titleAr,
        agendaItems.detailEn,
        agendaItems.detailAr,
        agendaItems.publishedAt,
      ],
      rows: active.map(({ value }) => ({
        schoolId,
        itemId: value.sourcedId,
        classId: value.classId,
        dueOn: value.dueOn,
        kind: value.kind ?? 'homework',
        titleEn: value.titleEn,
        titleAr: value.titleAr,
        detailEn: value.detailEn,
        detailAr: value.detailAr,
        publishedAt: value.publishedAt,
      })),
    });
    const removed = await removeRows(tx, context, agendaItems, {
      school: agendaItems.schoolId,
      id: agendaItems.itemId,
      deleted: sourcedIdsOf(deleted),
      kept: sourcedIdsOf(active),
    });
    return appliedCounts(rows.length, written, removed);
  },
};
