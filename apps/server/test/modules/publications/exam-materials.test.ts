import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TExamMaterials } from '@portal/contracts/families/publications';
import { signIn } from '../../helper.ts';
import {
  buildScheduleAppAsMogra,
  parentApi,
  type TParentApi,
  type TScheduleApp,
} from '../schedule/schedule-data.ts';
import { applyPolicyFiles, daysFromNow, examMaterialsCsv, testPdf } from './policies-data.ts';

// Exam material (docs/modules.md F4): a child's grade's syllabi, revision packs and past papers,
// published only, with the terms of the current year that hold material; a term filter (400
// V001 for a term that is not one of this year's); a material's PDF for that child's grade only.
describe('exam material', () => {
  let t: TScheduleApp;
  let mogra: TParentApi;
  beforeAll(async () => {
    ({ t, mogra } = await buildScheduleAppAsMogra());
  });
  afterAll(() => t.close());

  const materials = async (enrollNumber: string, term?: string, api: TParentApi = mogra) => {
    const answer = await api.get(
      `/exam-materials?enrollNumber=${enrollNumber}${term === undefined ? '' : `&term=${encodeURIComponent(term)}`}`,
    );
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as TExamMaterials;
  };
  const expectRefusal = (answer: { statusCode: number; json: () => unknown }, status: number, id: string) => {
    expect(answer.statusCode).toBe(status);
    expect(answer.json()).toMatchObject({ messageId: id });
  };

  it("lists the material of the child's grade, published only, with the terms that hold some", async () => {
    const omar = await materials('MG1001');
    const ids = omar.items.map((item) => item.id);
    expect(ids.every((id) => id.startsWith('em-g09-'))).toBe(true);
    expect(ids).toContain('em-g09-maths-t1-syllabus');
    expect(ids).toContain('em-g09-science-t1-revision');
    expect(ids).toContain('em-g09-maths-past-2025');
    // The third term's syllabus is scheduled for later: not listed, and its term holds nothing yet.
    expect(ids).not.toContain('em-g09-maths-t3-syllabus');
    expect(omar.terms).toEqual([
      { id: 'term-2026-1', name: 'Term 1', nameAr: 'الفصل الأول' },
      { id: 'term-2026-2', name: 'Term 2', nameAr: 'الفصل الثاني' },
    ]);
    const syllabus = omar.items.find((item) => item.id === 'em-g09-maths-t1-syllabus');
    expect(syllabus).toMatchObject({
      kind: 'syllabus',
      subject: 'Mathematics',
      subjectAr: 'الرياضيات',
      title: 'Term 1 syllabus',
      titleAr: 'منهج الفصل الأول',
      termId: 'term-2026-1',
    });
    expect(syllabus?.file.path).toBe('/exam-materials/em-g09-maths-t1-syllabus/file?enrollNumber=MG1001');
    expect(omar.items.find((item) => item.kind === 'pastPaper')?.termId).toBeNull();

    const layla = await materials('MG1002');
    const laylaIds = layla.items.map((item) => item.id);
    expect(laylaIds.every((id) => id.startsWith('em-g06-'))).toBe(true);
    expect(layla.items.map((item) => item.subject)).toContain('Arabic language');
    expect(laylaIds.some((id) => ids.includes(id))).toBe(false);
    // The youngest grade sits no papers.
    const yousef = await materials('MG1003');
    expect(yousef.items.length).toBeGreaterThan(0);
    expect(yousef.items.some((item) => item.kind === 'pastPaper')).toBe(false);
  });

  it("filters by a term of this year, keeping the whole year's material; another term is 400 V001", async () => {
    const second = await materials('MG1001', 'term-2026-2');
    expect(second.items.map((item) => item.id).sort()).toEqual([
      'em-g09-maths-past-2025',
      'em-g09-maths-t2-syllabus',
      'em-g09-science-past-2025',
      'em-g09-science-t2-syllabus',
    ]);
    // A term of this year with nothing published yet holds only the whole year's material.
    const third = await materials('MG1001', 'term-2026-3');
    expect(third.items.every((item) => item.termId === null)).toBe(true);
    expectRefusal(await mogra.get('/exam-materials?enrollNumber=MG1001&term=term-1999'), 400, 'V001');
    expectRefusal(await mogra.get('/exam-materials?enrollNumber=MG2001'), 403, 'A002');
    expectRefusal(await mogra.get('/exam-materials'), 400, 'V001');
  });

  it("serves a material's PDF only for a material of that child's grade", async () => {
    const own = await mogra.get('/exam-materials/em-g09-maths-t1-syllabus/file?enrollNumber=MG1001');
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.headers['content-disposition']).toContain('em-g09-maths-t1-syllabus.pdf');
    expect(own.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Layla's grade's material asked for as Omar's, and Omar's as Layla's.
    expectRefusal(
      await mogra.get('/exam-materials/em-g06-maths-t1-syllabus/file?enrollNumber=MG1001'),
      404,
      'N404',
    );
    expectRefusal(
      await mogra.get('/exam-materials/em-g09-maths-t1-syllabus/file?enrollNumber=MG1002'),
      404,
      'N404',
    );
    expectRefusal(
      await mogra.get('/exam-materials/em-g09-maths-t3-syllabus/file?enrollNumber=MG1001'),
      404,
      'N404',
    );
    expectRefusal(
      await mogra.get('/exam-materials/em-g09-maths-t1-syllabus/file?enrollNumber=MG2001'),
      403,
      'A002',
    );
  });

  it('takes material through the import, refuses an unknown term, and removes what a row deletes', async () => {
    const bad = new Map<string, string | Uint8Array>([
      [
        'exam_materials.csv',
        examMaterialsCsv([
          {
            sourcedId: 'em-bad-term',
            grade: '09',
            kind: 'revision',
            title_en: 'Bad term',
            file: 'x.pdf',
            termSourcedId: 'term-nope',
            publishedAt: daysFromNow(-1),
          },
          {
            sourcedId: 'em-bad-kind',
            grade: '09',
            kind: 'quiz',
            title_en: 'Bad kind',
            file: 'x.pdf',
            publishedAt: daysFromNow(-1),
          },
          {
            sourcedId: 'em-no-file',
            grade: '09',
            kind: 'revision',
            title_en: 'No file',
            publishedAt: daysFromNow(-1),
          },
        ]),
      ],
      ['x.pdf', testPdf('Extra practice')],
    ]);
    const { problems } = await applyPolicyFiles(t.database.db, 'mogra', bad);
    expect(problems.map((problem) => [problem.row, problem.column]).sort()).toEqual([
      [3, 'kind'],
      [4, 'file'],
    ]);
    const good = new Map<string, string | Uint8Array>([
      [
        'exam_materials.csv',
        examMaterialsCsv([
          {
            sourcedId: 'em-g09-extra',
            grade: '09',
            kind: 'revision',
            subject_en: 'Mathematics',
            title_en: 'Extra practice',
            file: 'packs/extra.pdf',
            termSourcedId: 'term-2026-2',
            publishedAt: daysFromNow(-1),
          },
          { sourcedId: 'em-g09-maths-t1-syllabus', status: 'tobedeleted' },
        ]),
      ],
      ['packs/extra.pdf', testPdf('Extra practice')],
    ]);
    expect((await applyPolicyFiles(t.database.db, 'mogra', good)).problems).toEqual([]);
    const ids = (await materials('MG1001')).items.map((item) => item.id);
    expect(ids).toContain('em-g09-extra');
    expect(ids).not.toContain('em-g09-maths-t1-syllabus');
    expectRefusal(
      await mogra.get('/exam-materials/em-g09-maths-t1-syllabus/file?enrollNumber=MG1001'),
      404,
      'N404',
    );
    const badTerm = new Map<string, string | Uint8Array>([
      [
        'exam_materials.csv',
        examMaterialsCsv([
          {
            sourcedId: 'em-bad-term',
            grade: '09',
            kind: 'revision',
            title_en: 'Bad term',
            file: 'x.pdf',
            termSourcedId: 'term-nope',
            publishedAt: daysFromNow(-1),
          },
        ]),
      ],
      ['x.pdf', testPdf('Extra practice')],
    ]);
    const refused = await applyPolicyFiles(t.database.db, 'mogra', badTerm);
    expect(refused.problems.map((problem) => [problem.row, problem.column])).toEqual([[2, 'termSourcedId']]);
  });

  it('is refused by a school that does not grant it (403 A001)', async () => {
    const bcd = parentApi(t, 'bcd', await signIn(t.app, 'bcd', 'parent@bcd.demo'));
    expectRefusal(await bcd.get('/exam-materials?enrollNumber=BD4101'), 403, 'A001');
  });
});
