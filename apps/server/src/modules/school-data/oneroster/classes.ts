import { and, eq } from 'drizzle-orm';
import { classes, enrollments } from '../../../db/schema/index.ts';
import {
  among,
  appliedCounts,
  byStatus,
  extensionColumns,
  removeRows,
  sourcedIdsOf,
  upsertRows,
} from '../../../kits/bundle-apply.ts';
import { rowReader } from '../../../kits/bundle-fields.ts';
import type { TBundleFileHandler } from '../../../kits/bundle-file.ts';
import { CLASSES } from './columns.ts';
import { academicSessionIds, liveSubjectIds, referencesKnown } from './references.ts';
import { checkSchoolOrg, schoolOrgOf } from './state.ts';

// classes.csv: homerooms (a grade and section, whose children take them in their profile) and
// scheduled classes of a subject (docs/school-data.md). A removed class loses its enrollments.

type TClassRow = {
  sourcedId: string;
  classType: 'homeroom' | 'scheduled' | null;
  title: string;
  courseSourcedId: string;
  schoolSourcedId: string;
  gradeCode: string;
  room: string;
  termIds: string[];
  /** Extension columns; undefined when the header lacks them. */
  titleAr: string | undefined;
  sectionCode: string | undefined;
  gradeNameEn: string | undefined;
  gradeNameAr: string | undefined;
  sectionNameEn: string | undefined;
  sectionNameAr: string | undefined;
};

export const classesFile: TBundleFileHandler<TClassRow> = {
  file: 'classes.csv',
  columns: CLASSES.read,
  optionalColumns: CLASSES.other,
  after: ['orgs.csv', 'courses.csv', 'academicSessions.csv'],
  keyColumn: 'sourcedId',
  parseRow(record, row, status) {
    const read = rowReader(record, row);
    const required = { required: status === 'active' };
    const value = {
      sourcedId: read.text('sourcedId', { required: true }),
      classType: read.oneOf('classType', ['homeroom', 'scheduled'] as const, required),
      title: read.text('title', required),
      courseSourcedId: read.text('courseSourcedId'),
      schoolSourcedId: read.text('schoolSourcedId'),
      gradeCode: read.list('grades')[0] ?? '',
      room: read.text('location'),
      termIds: read.list('termSourcedIds'),
      titleAr: read.extension('metadata.titleAr'),
      sectionCode: read.extension('metadata.sectionCode'),
      gradeNameEn: read.extension('metadata.gradeNameEn'),
      gradeNameAr: read.extension('metadata.gradeNameAr'),
      sectionNameEn: read.extension('metadata.sectionNameEn'),
      sectionNameAr: read.extension('metadata.sectionNameAr'),
    };
    if (value.classType === 'scheduled' && value.courseSourcedId === '') {
      read.problem('courseSourcedId', 'a scheduled class needs its course');
    }
    return read.problems.length > 0 ? { problems: read.problems } : { value };
  },
  async apply(tx, context, rows) {
    const schoolOrg = await schoolOrgOf(tx, context);
    const courseIds = await liveSubjectIds(tx, context.schoolId);
    const sessionIds = await academicSessionIds(tx, context.schoolId);
    const { active, deleted } = byStatus(rows);
    const valid = active.filter(({ row, value }) => {
      const inSchool = checkSchoolOrg(context, schoolOrg, row, 'schoolSourcedId', value.schoolSourcedId);
      const known = referencesKnown(context, row, [
        ['courseSourcedId', value.courseSourcedId, courseIds, 'a course'],
        ...value.termIds.map((id) => ['termSourcedIds', id, sessionIds, 'an academic session'] as const),
      ]);
      return inSchool && known;
    });
    const removed = await removeRows(tx, context, classes, {
      school: classes.schoolId,
      id: classes.classId,
      removedAt: classes.removedAt,
      deleted: sourcedIdsOf(deleted),
      kept: sourcedIdsOf(active),
    });
    const gone = [...removed.byRows, ...removed.missing];
    if (gone.length > 0) {
      await tx
        .delete(enrollments)
        .where(and(eq(enrollments.schoolId, context.schoolId), among(enrollments.classId, gone)));
    }
    const extensions = extensionColumns(valid[0]?.value, [
      ['titleAr', classes.titleAr],
      ['sectionCode', classes.sectionCode],
      ['gradeNameEn', classes.gradeNameEn],
      ['gradeNameAr', classes.gradeNameAr],
      ['sectionNameEn', classes.sectionNameEn],
      ['sectionNameAr', classes.sectionNameAr],
    ]);
    const result = await upsertRows(tx, classes, {
      target: [classes.schoolId, classes.classId],
      update: [
        classes.classType,
        classes.titleEn,
        classes.subjectId,
        classes.gradeCode,
        classes.room,
        classes.termIds,
        classes.removedAt,
        ...extensions,
      ],
      rows: valid.map(({ value }) => ({
        schoolId: context.schoolId,
        classId: value.sourcedId,
        classType: value.classType ?? 'scheduled',
        titleEn: value.title,
        titleAr: value.titleAr ?? '',
        subjectId: value.courseSourcedId || null,
        gradeCode: value.gradeCode,
        sectionCode: value.sectionCode ?? '',
        gradeNameEn: value.gradeNameEn ?? value.gradeCode,
        gradeNameAr: value.gradeNameAr ?? '',
        sectionNameEn: value.sectionNameEn ?? value.sectionCode ?? '',
        sectionNameAr: value.sectionNameAr ?? '',
        room: value.room,
        termIds: value.termIds,
        removedAt: null,
      })),
    });
    return appliedCounts(rows.length, result, removed);
  },
};
