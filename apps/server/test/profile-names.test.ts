import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ZLoginResponse, ZProfile } from '@portal/contracts/auth';
import { parents, students } from '../src/db/schema/index.ts';
import { buildTestApp, DEMO_PASSWORD, signIn, type TTestApp } from './helper.ts';

describe('the profile carries Arabic names for the greeting and the grades', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const profileOf = async (schoolId: string, username: string) => {
    const token = await signIn(t.app, schoolId, username);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/ppn/parent/profile',
      headers: { 'client-id': schoolId, authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    return ZProfile.parse(response.json());
  };

  it("gives the parent's Arabic name and each child's Arabic grade and section", async () => {
    const profile = await profileOf('mogra', 'parent@mogra.demo');
    expect(profile.parent).toMatchObject({ parentName: 'Sara Al Mansouri', parentNameAr: 'سارة المنصوري' });
    const names = profile.children.map((child) => [
      child.sims_student_enroll_number,
      child.sims_grade_name_en,
      child.sims_grade_name_ar,
      child.sims_section_name_en,
      child.sims_section_name_ar,
    ]);
    expect(names).toEqual([
      ['MG1001', 'Grade 9', 'الصف 9', 'A', 'أ'],
      ['MG1002', 'Grade 6', 'الصف 6', 'B', 'ب'],
      ['MG1003', 'Grade 2', 'الصف 2', 'C', 'ج'],
    ]);
  });

  it('gives the same names in the sign-in answer', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ppn/auth/login',
      headers: { 'client-id': 'mogra' },
      payload: { username: 'parent@mogra.demo', password: DEMO_PASSWORD },
    });
    const body = ZLoginResponse.parse(response.json());
    expect(body.profile.parent.parentNameAr).toBe('سارة المنصوري');
    expect(body.profile.children[0]?.sims_grade_name_ar).toBe('الصف 9');
  });

  it("answers '' where the school recorded no Arabic name, and another school's names never show", async () => {
    await t.database.db
      .update(parents)
      .set({ nameAr: '' })
      .where(and(eq(parents.schoolId, 'mogra'), eq(parents.parentId, 'MG-P002')));
    await t.database.db
      .update(students)
      .set({ gradeNameAr: '', sectionNameAr: '' })
      .where(and(eq(students.schoolId, 'mogra'), eq(students.enrollNumber, 'MG2001')));
    const profile = await profileOf('mogra', 'family.haddad@mogra.demo');
    expect(profile.parent.parentNameAr).toBe('');
    expect(profile.children).toHaveLength(1);
    expect(profile.children[0]).toMatchObject({
      sims_grade_name_en: 'Grade 4',
      sims_grade_name_ar: '',
      sims_section_name_ar: '',
    });

    const other = await profileOf('bcad', 'parent@bcad.demo');
    expect(other.parent.parentNameAr).not.toBe('');
    expect(other.parent.parentNameAr).not.toBe('سارة المنصوري');
  });
});
