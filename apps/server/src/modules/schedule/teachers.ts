import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { MessageId } from '@portal/contracts/messages';
import { scheduleEndpoints, type TTeacher } from '@portal/contracts/families/schedule';
import type { TDatabase } from '../../db/client.ts';
import { staff } from '../../db/schema/index.ts';
import { requireOwnChild } from '../../access/own-child.ts';
import { addEndpoint } from '../../plugins/endpoint-route.ts';
import { teachingOfChild } from './repository.ts';

const ok = { success: true, messageId: MessageId.ok } as const;

/**
 * GET teachers (module `teachers`): who teaches the child now, with the subjects they teach
 * the child; the class teacher (homeroom) first, then by name.
 */
export function teacherRoutes(app: FastifyInstance, db: TDatabase): void {
  addEndpoint(app, scheduleEndpoints.teachers, async (request) => {
    const child = await requireOwnChild(db, request.session, request.query.enrollNumber);
    const { schoolId } = child;
    const { classes, links } = await teachingOfChild(db, schoolId, child.enrollNumber);
    const staffIds = [...new Set(links.map((link) => link.staffId))];
    if (staffIds.length === 0) return { ...ok, teachers: [] };
    const members = await db
      .select()
      .from(staff)
      .where(and(eq(staff.schoolId, schoolId), inArray(staff.staffId, staffIds), isNull(staff.removedAt)));
    const classById = new Map(classes.map((item) => [item.classId, item]));
    const teachers = members.map((member): TTeacher => {
      const taught = links.flatMap((link) => {
        const item = link.staffId === member.staffId ? classById.get(link.classId) : undefined;
        return item ? [item] : [];
      });
      const subjects = new Map<string, { name: string; nameAr: string }>();
      for (const item of taught.filter((candidate) => candidate.classType !== 'homeroom'))
        subjects.set(item.subjectEn, { name: item.subjectEn, nameAr: item.subjectAr });
      return {
        id: member.staffId,
        name: member.nameEn,
        nameAr: member.nameAr,
        title: member.titleEn,
        titleAr: member.titleAr,
        email: member.email,
        homeroom: taught.some((item) => item.classType === 'homeroom'),
        subjects: [...subjects.values()].sort((a, b) => a.name.localeCompare(b.name)),
      };
    });
    teachers.sort((a, b) => Number(b.homeroom) - Number(a.homeroom) || a.name.localeCompare(b.name));
    return { ...ok, teachers };
  });
}
