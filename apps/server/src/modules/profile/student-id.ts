import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import {
  identityEndpoints,
  ZStudentIdVerifyAnswer,
  ZStudentIdVerifyBody,
} from '@portal/contracts/families/identity';
import { MessageId } from '@portal/contracts/messages';
import { ApiError } from '../../api-error.ts';
import type { TDatabase } from '../../db/client.ts';
import { academicYears, students } from '../../db/schema/index.ts';
import { requireOwnChild, type TStudentRow } from '../../access/own-child.ts';
import { findSchool, schoolToday, schoolWide } from '../../access/school.ts';
import { addEndpoint } from '../../plugins/endpoint-route.ts';
import { readStudentId, signStudentId, studentIdKey } from './student-id-token.ts';

// The student ID card (docs/modules.md F6): the child's card as the school's records give it (no
// photo: initials), with a QR holding a signed code of school, enrolment and school year
// (student-id-token.ts). The school's staff check a card with POST /api/v1/staff/student-ids/
// verify: the child for a code of their school, 404 `X001` for any other code.

const ok = { success: true, messageId: MessageId.ok } as const;

/** The initials of a name: its first and last words' first letters. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}

/** The school year a child is enrolled in: its name and last day, and whether it runs now. */
async function yearOf(db: TDatabase, schoolId: string, year: string) {
  const [row] = await db
    .select()
    .from(academicYears)
    .where(and(eq(academicYears.schoolId, schoolId), eq(academicYears.year, year)))
    .limit(1);
  return row ?? null;
}

async function cardOf(db: TDatabase, child: TStudentRow) {
  const [school, year] = await Promise.all([
    findSchool(db, child.schoolId),
    yearOf(db, child.schoolId, child.academicYear),
  ]);
  return {
    schoolName: school?.nameEn ?? '',
    schoolNameAr: school?.nameAr ?? '',
    logoUrl: school?.logoUrl ?? '',
    enrollNumber: child.enrollNumber,
    childName: child.fullName,
    childNameAr: '',
    photoUrl: child.imageUrl === '' ? null : child.imageUrl,
    initials: initialsOf(child.fullName),
    grade: child.gradeNameEn,
    gradeAr: child.gradeNameAr,
    section: child.sectionNameEn,
    sectionAr: child.sectionNameAr,
    academicYear: year?.description ?? child.academicYear,
    validUntil: year?.endsOn ?? null,
  };
}

/** GET student-id?enrollNumber (module studentId): the card and its signed code. */
export function studentIdRoutes(app: FastifyInstance, db: TDatabase): void {
  addEndpoint(app, identityEndpoints.studentId, async (request) => {
    const child = await requireOwnChild(db, request.session, request.query.enrollNumber);
    const key = await studentIdKey(db);
    const code = signStudentId(key, {
      schoolId: child.schoolId,
      enrollNumber: child.enrollNumber,
      year: child.academicYear,
    });
    return { ...ok, card: await cardOf(db, child), code };
  });
}

const unknownCode = () => new ApiError(404, MessageId.gateCodeUnknown, 'No card of the school has this code');

/**
 * POST /api/v1/staff/student-ids/verify {code} (docs/school-data.md, "Staff API"): the child a
 * card names, and whether the card is valid today (its school year runs and the child is still
 * enrolled). Register under a scope that requires a `staff` key.
 */
export const staffStudentIdRoutes: FastifyPluginAsyncZod<{ db: TDatabase }> = async (app, { db }) => {
  app.post(
    '/student-ids/verify',
    { schema: { body: ZStudentIdVerifyBody, response: { 200: ZStudentIdVerifyAnswer } } },
    async (request) => {
      const { schoolId } = request.apiKey;
      const grant = readStudentId(await studentIdKey(db), request.body.code);
      if (!grant || grant.schoolId !== schoolId) throw unknownCode();
      const [child] = await db
        .select()
        .from(students)
        .where(and(eq(students.schoolId, schoolId), eq(students.enrollNumber, grant.enrollNumber)))
        .limit(1);
      if (!child) throw unknownCode();
      const year = await yearOf(db, schoolId, grant.year);
      const today = schoolToday((await schoolWide(db, schoolId))?.timeZone);
      const valid =
        year !== null &&
        grant.year === child.academicYear &&
        year.status === 'C' &&
        year.startsOn <= today &&
        today <= year.endsOn &&
        !['Withdrawn', 'Inactive'].includes(child.academicStatus);
      return {
        ...ok,
        child: {
          enrollNumber: child.enrollNumber,
          name: child.fullName,
          photoUrl: child.imageUrl === '' ? null : child.imageUrl,
          grade: child.gradeNameEn,
          section: child.sectionNameEn,
          academicYear: year?.description ?? grant.year,
          validUntil: year?.endsOn ?? null,
          valid,
        },
      };
    },
  );
};
