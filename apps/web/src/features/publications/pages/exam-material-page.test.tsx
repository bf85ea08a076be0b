import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TExamMaterial, TExamMaterials } from '@portal/contracts/families/publications';
import { catchDownloads, pdfResponse } from '../../../test/downloads.ts';
import { failure, ok, openModulePage } from '../../../test/module-page.ts';
import { jsonResponse } from '../../../test/render.tsx';
import { examMaterial } from '../test-data.ts';

const terms: TExamMaterials['terms'] = [
  { id: 't1', name: 'Term 1', nameAr: 'الفصل الأول' },
  { id: 't2', name: 'Term 2', nameAr: 'الفصل الثاني' },
];
const mathsSyllabus = examMaterial({
  id: 'm-syl',
  kind: 'syllabus',
  subject: 'Mathematics',
  subjectAr: 'الرياضيات',
  title: 'Mathematics syllabus',
  titleAr: 'منهج الرياضيات',
  termId: null,
});
const mathsPaper = examMaterial({
  id: 'm-pp',
  kind: 'pastPaper',
  subject: 'Mathematics',
  title: 'Mock paper 2025',
});
const scienceRevision = examMaterial({
  id: 's-rev',
  kind: 'revision',
  subject: 'Science',
  subjectAr: 'العلوم',
  title: 'Forces revision pack',
  termId: 't1',
});
const examPath = '/v1/ppn/exam-materials';
const answerOf = (items: TExamMaterial[]): TExamMaterials => ({ ...ok, items, terms });
const queryOf = (request: Request | undefined) =>
  Object.fromEntries(new URL(request?.url ?? '').searchParams);
const headings = (level: number) =>
  screen.getAllByRole('heading', { level }).map((heading) => heading.textContent);

const { saved } = catchDownloads();

describe('the exam material page', { timeout: 15_000 }, () => {
  it('groups the child’s material by kind or subject, by term, and downloads a file for the child', async () => {
    const { api } = await openModulePage('/exam-material-view', {
      [examPath]: (request) =>
        new URL(request.url).searchParams.get('term') === 't1'
          ? jsonResponse(200, answerOf([scienceRevision]))
          : jsonResponse(200, answerOf([mathsPaper, scienceRevision, mathsSyllabus])),
      '/v1/ppn/exam-materials/m-pp/file': () => pdfResponse('mock-paper-2025.pdf'),
    });
    await screen.findByRole('heading', { name: 'Mock paper 2025' }, { timeout: 5000 });
    expect(queryOf(api.to(examPath)[0])).toEqual({ enrollNumber: 'E100' });
    expect(headings(2)).toEqual(['Syllabus', 'Revision packs', 'Past papers']);
    const revision = screen
      .getByRole('heading', { name: 'Forces revision pack' })
      .closest('li') as HTMLElement;
    expect(within(revision).getByText('Science')).toBeTruthy();
    expect(within(revision).getByText('Term 1')).toBeTruthy();
    expect(revision.textContent).toContain('1 February 2026');

    fireEvent.click(screen.getByRole('radio', { name: 'Subject' }));
    expect(headings(2)).toEqual(['Mathematics', 'Science']);
    expect(
      within(screen.getByRole('heading', { name: 'Mock paper 2025' }).closest('li') as HTMLElement).getByText(
        'Past paper',
      ),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Mock paper 2025: Download' }));
    await waitFor(() => expect(saved.map((file) => file.name)).toEqual(['mock-paper-2025.pdf']));
    expect(queryOf(api.to('/v1/ppn/exam-materials/m-pp/file')[0])).toEqual({
      enrollNumber: 'E100',
      lng: 'en',
    });

    const term = screen.getByRole('combobox', { name: 'Term' });
    expect(
      within(term)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All terms', 'Term 1', 'Term 2']);
    fireEvent.change(term, { target: { value: 't1' } });
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Mock paper 2025' })).toBeNull());
    expect(await screen.findByRole('heading', { name: 'Forces revision pack' })).toBeTruthy();
    expect(queryOf(api.to(examPath).at(-1))).toEqual({ enrollNumber: 'E100', term: 't1' });
  });

  it('speaks Arabic, and says what will appear for a term with nothing yet', async () => {
    await openModulePage(
      '/exam-material-view',
      {
        [examPath]: (request) =>
          new URL(request.url).searchParams.get('term')
            ? jsonResponse(200, answerOf([]))
            : jsonResponse(200, answerOf([mathsSyllabus])),
      },
      { lng: 'ar' },
    );
    expect(await screen.findByRole('heading', { name: 'منهج الرياضيات' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'المناهج' })).toBeTruthy();
    expect(screen.getByText('الرياضيات')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'منهج الرياضيات: تنزيل' })).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'الفصل' }), { target: { value: 't2' } });
    expect(
      await screen.findByText(
        'لا توجد مواد امتحانات لهذا الفصل بعد. تظهر هنا عندما تنشرها المدرسة؛ اختر «كل الفصول» لترى البقية.',
      ),
    ).toBeTruthy();
  });

  it('shows rows while it loads, then why it failed, and what will appear', async () => {
    let release: (response: Response) => void = () => undefined;
    let failing = true;
    let calls = 0;
    await openModulePage('/exam-material-view', {
      [examPath]: () => {
        calls += 1;
        if (!failing) return jsonResponse(200, answerOf([]));
        return calls === 1 ? new Promise<Response>((resolve) => (release = resolve)) : failure(500, 'L000');
      },
    });
    expect((await screen.findAllByTestId('exam-skeleton-row', {}, { timeout: 5000 })).length).toBe(3);
    release(failure(500, 'L000'));
    const alert = await screen.findByRole('alert');
    failing = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByText(
        'No exam material for Omar Ahmed yet. Syllabi, revision packs and past papers appear here when the school publishes them.',
      ),
    ).toBeTruthy();
  });
});
