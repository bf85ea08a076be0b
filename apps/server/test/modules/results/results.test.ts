import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  TAssessments,
  TAssignments,
  TCoScholastic,
  TMarksheet,
} from '@portal/contracts/families/results';
import { DEMO_UNRELEASED_ASSESSMENT } from '../../../src/db/seed/demo-results.ts';
import { buildTestApp, signIn, type TTestApp } from '../../helper.ts';

// The results pages of the demo data (docs/modules.md F2): the current term's assessments with
// their band, descriptor and legend; assignments in every state; the marksheet's totals;
// co-scholastic grades; a term asked for by id; and the refusals (unknown term 400 V001,
// another parent's child 403 A002, a module the school does not grant 403 A001).
describe('the results pages', () => {
  let t: TTestApp;
  type TGet = (path: string) => Promise<{ statusCode: number; body: string; json: () => unknown }>;
  let asParent: TGet;
  let asHaddad: TGet;
  beforeAll(async () => {
    t = await buildTestApp();
    const as = async (username: string) => {
      const token = await signIn(t.app, 'mogra', username);
      return (path: string) =>
        t.app.inject({
          method: 'GET',
          url: `/api/v1/ppn${path}`,
          headers: { 'client-id': 'mogra', authorization: `Bearer ${token}` },
        });
    };
    asParent = await as('parent@mogra.demo');
    asHaddad = await as('family.haddad@mogra.demo');
  });
  afterAll(() => t.close());

  it("lists the current term's assessments with their band and descriptor, and the one not released without a score", async () => {
    const answer = await asParent('/assessments?enrollNumber=MG1001');
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json() as TAssessments;
    expect(body.term?.id).toBe('term-2026-1');
    expect(body.terms.map((term) => term.id)).toEqual(['term-2026-1', 'term-2026-2', 'term-2026-3']);
    expect(new Set(body.items.map((item) => item.subject)).size).toBeGreaterThanOrEqual(4);
    const unreleased = body.items.filter((item) => !item.released);
    expect(unreleased.map((item) => item.id)).toEqual([DEMO_UNRELEASED_ASSESSMENT]);
    expect(unreleased[0]).toMatchObject({ title: 'Science unit test 3', result: null, releasedAt: null });
    const unit2 = body.items.find((item) => item.id === 'li-09-A-sci-test2');
    expect(unit2?.result).toMatchObject({ score: 17, max: 20, percent: 0.85, grade: 'A' });
    expect(unit2?.result).toMatchObject({
      descriptor: 'Excellent',
      descriptorAr: 'ممتاز',
      scaleId: 'scale-letters',
    });
    expect(unit2?.titleAr).toBe('اختبار العلوم: الوحدة الثانية');
    for (const item of body.items.filter((one) => one.released)) {
      expect(item.result?.grade, item.id).toMatch(/^(A\*|A|B|C|D|E)$/);
      expect(item.releasedAt).not.toBeNull();
    }
    expect(body.legend).toHaveLength(1);
    expect(body.legend[0]).toMatchObject({ id: 'scale-letters', titleAr: 'التقديرات بالحروف' });
    expect(body.legend[0]?.bands[0]).toEqual({
      scores: '90-100',
      grade: 'A*',
      descriptor: 'Outstanding',
      descriptorAr: 'متميز',
    });
  });

  it('gives each assignment its state: graded, handed in, late, due', async () => {
    const body = (await asParent('/assignments?enrollNumber=MG1001')).json() as TAssignments;
    expect(body.items.map((item) => item.state)).toEqual(['graded', 'graded', 'handedIn', 'late', 'due']);
    const dueDays = body.items.map((item) => item.dueOn ?? '');
    expect(dueDays).toEqual([...dueDays].sort());
    const [graded, , handedIn, late, due] = body.items;
    expect(graded?.result?.grade).not.toBeNull();
    expect(handedIn?.result).toMatchObject({ status: 'submitted', score: null, grade: null });
    expect(late?.result).toBeNull();
    expect(due?.result).toBeNull();
  });

  it('totals the marksheet over the released, scored results only', async () => {
    const [sheetAnswer, listAnswer] = await Promise.all([
      asParent('/marksheet?enrollNumber=MG1001'),
      asParent('/assessments?enrollNumber=MG1001'),
    ]);
    const sheet = sheetAnswer.json() as TMarksheet;
    const list = listAnswer.json() as TAssessments;
    const released = list.items.filter((item) => item.released && item.result?.score != null);
    const score = released.reduce((sum, item) => sum + (item.result?.score ?? 0), 0);
    const max = released.reduce((sum, item) => sum + (item.result?.max ?? 0), 0);
    expect(sheet.total).toEqual({ score, max, percent: score / max });
    const science = sheet.subjects.find((subject) => subject.id === 'sub-sci');
    expect(science?.cells).toHaveLength(3);
    const scienceReleased = list.items.filter((item) => item.subject === 'Science' && item.released);
    const scienceScore = scienceReleased.reduce((sum, item) => sum + (item.result?.score ?? 0), 0);
    expect(science?.total).toMatchObject({ score: scienceScore, max: 40, percent: scienceScore / 40 });
    expect(science?.total.grade).toMatch(/^(A\*|A|B|C|D|E)$/);
    expect(science?.cells.find((cell) => cell.assessmentId === DEMO_UNRELEASED_ASSESSMENT)).toEqual({
      assessmentId: DEMO_UNRELEASED_ASSESSMENT,
      title: 'Science unit test 3',
      titleAr: 'اختبار العلوم: الوحدة الثالثة',
      released: false,
      result: null,
    });
    expect(sheet.subjects.map((subject) => subject.name)).toEqual(
      [...sheet.subjects.map((subject) => subject.name)].sort((a, b) => a.localeCompare(b, 'en')),
    );
  });

  it('shows co-scholastic grades with their level and descriptor', async () => {
    const body = (await asParent('/co-scholastic?enrollNumber=MG1002')).json() as TCoScholastic;
    expect(body.items.map((item) => item.title).sort()).toEqual([
      'Art: creativity and expression',
      'Music: performance',
      'Physical education: fitness and skills',
      'Teamwork and cooperation',
    ]);
    for (const item of body.items) {
      expect(item.result?.textScore).toMatch(/^[ABC]$/);
      expect(item.result?.grade).toBe(item.result?.textScore);
      expect(item.result?.descriptorAr).not.toBe('');
    }
    expect(body.legend.map((scale) => scale.id)).toEqual(['scale-levels']);
  });

  it("shows the Haddads' few rows, and empty pages where there are none", async () => {
    const marks = (await asHaddad('/assessments?enrollNumber=MG2001')).json() as TAssessments;
    expect(marks.items).toHaveLength(1);
    expect(marks.items[0]?.result?.score).not.toBeNull();
    const activities = (await asHaddad('/co-scholastic?enrollNumber=MG2001')).json() as TCoScholastic;
    expect(activities).toMatchObject({ success: true, items: [], legend: [] });
    const work = (await asHaddad('/assignments?enrollNumber=MG2001')).json() as TAssignments;
    expect(work.items.map((item) => item.state)).toEqual(['due']);
  });

  it('answers the term asked for, and 400 V001 for a term that is not one of this year', async () => {
    const later = (
      await asParent('/assessments?enrollNumber=MG1001&term=term-2026-2')
    ).json() as TAssessments;
    expect(later).toMatchObject({ term: { id: 'term-2026-2', title: 'Term 2' }, items: [] });
    for (const term of ['term-2099-9', 'sy-2026', '']) {
      const answer = await asParent(`/marksheet?enrollNumber=MG1001&term=${term}`);
      expect(answer.statusCode, term).toBe(400);
      expect(answer.json()).toMatchObject({ messageId: 'V001' });
    }
  });

  it("refuses another parent's child (403 A002) on every page, and a module the school does not grant (403 A001)", async () => {
    for (const path of ['assignments', 'assessments', 'marksheet', 'co-scholastic']) {
      for (const enrollNumber of ['MG1001', 'BC3101', 'NOPE']) {
        const answer = await asHaddad(`/${path}?enrollNumber=${enrollNumber}&term=term-2099-9`);
        expect(answer.statusCode, `${path} ${enrollNumber}`).toBe(403);
        expect(answer.json()).toMatchObject({ messageId: 'A002' });
      }
    }
    const token = await signIn(t.app, 'bcad', 'parent@bcad.demo');
    const ungranted = await t.app.inject({
      method: 'GET',
      url: '/api/v1/ppn/assessments?enrollNumber=BC3101',
      headers: { 'client-id': 'bcad', authorization: `Bearer ${token}` },
    });
    expect(ungranted.statusCode).toBe(403);
    expect(ungranted.json()).toMatchObject({ messageId: 'A001' });
  });
});
