import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import { MessageId } from '@portal/contracts/messages';
import { ApiError } from '../api-error.ts';
import type { TDatabase } from '../db/client.ts';
import { staff } from '../db/schema/index.ts';
import { teachingOfChild } from './child-classes.ts';

// The staff who teach or care for a child now (docs/decisions/021-publications-and-inbox.md):
// the child's class teachers, the teachers of the child's timetable (`teachingOfChild`, as the
// schedule family's teachers page reads them) and the school's counsellors. A parent may write
// to them (threads) and meet them (appointments); anyone else is 403 `A003`.

/** A member of staff and what they are to the child (`Class teacher`, `Mathematics`, `Counsellor`). */
export type TChildStaff = { id: string; name: string; nameAr: string; title: string; titleAr: string };

export const staffNotLinked = () =>
  new ApiError(403, MessageId.staffNotLinked, 'This member of staff does not teach or care for the child');

const CLASS_TEACHER = { en: 'Class teacher', ar: 'معلم الصف' };
const COUNSELLOR = { en: 'Counsellor', ar: 'المرشد المدرسي' };

/** Orders the contacts: class teachers, then subject teachers, then counsellors; by name within. */
const RANK = { classTeacher: 0, teacher: 1, counsellor: 2 } as const;

/** The staff who teach or care for this child now, each with what they are to the child. */
export async function staffOfChild(
  db: TDatabase,
  schoolId: string,
  enrollNumber: string,
): Promise<TChildStaff[]> {
  const { classes, links } = await teachingOfChild(db, schoolId, enrollNumber);
  const linked = [...new Set(links.map((link) => link.staffId))];
  const members = await db
    .select()
    .from(staff)
    .where(
      and(
        eq(staff.schoolId, schoolId),
        isNull(staff.removedAt),
        linked.length > 0
          ? or(inArray(staff.staffId, linked), eq(staff.role, 'counselor'))
          : eq(staff.role, 'counselor'),
      ),
    );
  const classById = new Map(classes.map((item) => [item.classId, item]));
  const ranked = members.map((member) => {
    const taught = links.flatMap((link) => {
      const item = link.staffId === member.staffId ? classById.get(link.classId) : undefined;
      return item ? [item] : [];
    });
    const homeroom = taught.some((item) => item.classType === 'homeroom');
    const subjects = new Map<string, string>();
    for (const item of taught.filter((candidate) => candidate.classType !== 'homeroom'))
      subjects.set(item.subjectEn, item.subjectAr || item.subjectEn);
    const counsellor = member.role === 'counselor';
    const titles = [
      ...(homeroom ? [CLASS_TEACHER] : []),
      ...[...subjects.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([en, ar]) => ({ en, ar })),
      // A counsellor is named as the school titles them, else as a counsellor.
      ...(counsellor && taught.length === 0
        ? [{ en: member.titleEn || COUNSELLOR.en, ar: member.titleAr || COUNSELLOR.ar }]
        : []),
    ];
    const contact: TChildStaff = {
      id: member.staffId,
      name: member.nameEn,
      nameAr: member.nameAr,
      title: titles.map((title) => title.en).join(', '),
      titleAr: titles.map((title) => title.ar).join('، '),
    };
    const rank = homeroom ? RANK.classTeacher : taught.length > 0 ? RANK.teacher : RANK.counsellor;
    return { contact, rank };
  });
  ranked.sort((a, b) => a.rank - b.rank || a.contact.name.localeCompare(b.contact.name));
  return ranked.map((item) => item.contact);
}
