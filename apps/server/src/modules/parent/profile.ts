import type { TChild, TProfile } from '@portal/contracts/auth';
import { DEFAULT_TIME_ZONE } from '@portal/contracts/constants';
import type { TDatabase } from '../../db/client.ts';
import type { TStudentRow } from '../../access/own-child.ts';
import { findProfileRow } from './repository.ts';
import { schoolToday, schoolWide } from '../../access/school.ts';

/** The profile of a signed-in parent: only their own children, in their own school. */
export async function loadProfile(
  db: TDatabase,
  schoolId: string,
  parentId: string,
): Promise<TProfile | null> {
  const [row, shared] = await Promise.all([findProfileRow(db, schoolId, parentId), schoolWide(db, schoolId)]);
  const year = shared?.year ?? null;
  const granted = shared?.granted ?? [];
  if (!row) return null;
  const { parent, children, layoutData } = row;
  const today = schoolToday(shared?.timeZone);
  return {
    parent: {
      parentID: parent.parentId,
      parentName: parent.nameEn,
      parentNameAr: parent.nameAr,
      parentEmail: parent.email,
      parentImg: parent.imageUrl,
    },
    email: parent.email,
    children: children.map((student) => toChild(student, today)),
    currentYear: year && {
      sims_academic_year: year.year,
      sims_academic_year_description: year.description,
      sims_academic_year_start_date: year.startsOn,
      sims_academic_year_end_date: year.endsOn,
      sims_academic_year_status: year.status,
    },
    dashboardLayout: layoutData === null ? [] : [{ layout_data: layoutData }],
    applicationByRole: granted.map((app) => ({
      comn_appl_code: app.code,
      comn_appl_name_en: app.nameEn,
      comn_appl_name_ar: app.nameAr,
    })),
    timeZone: shared?.timeZone ?? DEFAULT_TIME_ZONE,
  };
}

/** A student row as the spec's child record. */
export function toChild(student: TStudentRow, today: string): TChild {
  return {
    sims_student_academic_status: student.academicStatus,
    sims_student_enroll_number: student.enrollNumber,
    sims_student_full_name: student.fullName,
    sims_student_img: student.imageUrl,
    sims_student_img_lowres: student.imageLowresUrl,
    sims_student_passport_first_name_en: student.passportFirstNameEn,
    sims_student_passport_middle_name_en: student.passportMiddleNameEn,
    sims_student_passport_last_name_en: student.passportLastNameEn,
    sims_academic_year: student.academicYear,
    sims_cur_code: student.curriculumCode,
    sims_enroll_number: student.enrollNumber,
    sims_grade_code: student.gradeCode,
    sims_section_code: student.sectionCode,
    sims_grade_name_en: student.gradeNameEn,
    sims_section_name_en: student.sectionNameEn,
    sims_grade_name_ar: student.gradeNameAr,
    sims_section_name_ar: student.sectionNameAr,
    current_date: today,
  };
}
