import type { TChild, TLoginResponse } from '@portal/contracts/auth';
import { jsonResponse } from './render.tsx';

/** A child record with every field of the contract. */
export function child(enrollNumber: string, name: string, overrides: Partial<TChild> = {}): TChild {
  return {
    sims_student_academic_status: 'Active',
    sims_student_enroll_number: enrollNumber,
    sims_student_full_name: name,
    sims_student_img: `/student-photos/${enrollNumber}.svg`,
    sims_student_img_lowres: '',
    sims_student_passport_first_name_en: name.split(' ')[0] ?? name,
    sims_student_passport_middle_name_en: '',
    sims_student_passport_last_name_en: name.split(' ').at(-1) ?? '',
    sims_academic_year: '2025',
    sims_cur_code: '01',
    sims_enroll_number: enrollNumber,
    sims_grade_code: '05',
    sims_section_code: 'A',
    sims_grade_name_en: 'Grade 5',
    sims_section_name_en: 'A',
    sims_grade_name_ar: 'الصف 5',
    sims_section_name_ar: 'أ',
    current_date: '2026-01-15',
    ...overrides,
  };
}

export const loginAnswer: TLoginResponse = {
  success: true,
  messageId: 'L001',
  token: 'token-123',
  idleSeconds: 1800,
  appearance: { language: null, theme: null },
  profile: {
    parent: {
      parentID: 'P1',
      parentName: 'Sara Ahmed',
      parentNameAr: 'سارة أحمد',
      parentEmail: 'parent@mogra.demo',
      parentImg: '',
    },
    email: 'parent@mogra.demo',
    children: [child('E100', 'Omar Ahmed'), child('E200', 'Lina Ahmed', { sims_grade_name_en: 'Grade 2' })],
    currentYear: {
      sims_academic_year: '2025',
      sims_academic_year_description: '2025-2026',
      sims_academic_year_start_date: '2025-09-01',
      sims_academic_year_end_date: '2026-06-30',
      sims_academic_year_status: 'C',
    },
    dashboardLayout: [{ layout_data: '[]' }],
    applicationByRole: [
      { comn_appl_code: 'PP034', comn_appl_name_en: 'Agenda', comn_appl_name_ar: 'الأجندة' },
    ],
    timeZone: 'Asia/Dubai',
  },
};

/**
 * What the signed-in shell and Home ask on every page, answered as for a parent with nothing to
 * do and no saved settings: spread into a `fakeApi` of a signed-in test.
 */
export const signedInAnswers = {
  '/v1/ppn/home/actions': () =>
    jsonResponse(200, { success: true, messageId: 'S200', items: [], unavailableModules: [] }),
  '/v1/ppn/home/children': () =>
    jsonResponse(200, {
      success: true,
      messageId: 'S200',
      today: '2026-01-15',
      children: [],
      unavailableParts: [],
    }),
  '/v1/ppn/account/settings': () =>
    jsonResponse(200, {
      success: true,
      messageId: 'S200',
      settings: { pinnedModules: [], language: null, theme: null },
    }),
};
