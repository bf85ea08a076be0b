import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { TLesson } from '@portal/contracts/families/schedule';
import type { THomeGlance, THomeGlanceChild, THomeGlancePart } from '@portal/contracts/home';
import type { TLanguage } from '@portal/contracts/constants';
import { child } from '../../../test/fixtures.ts';
import { fakeApi, jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { assessment, resultValue } from '../../../test/results-marks.ts';
import { ChildrenGlance } from './children-glance.tsx';
import { initialsOf } from './child-avatar.tsx';
import type { TGlanceModule } from './glance-part.tsx';

const PATH = '/v1/ppn/home/children';
const TODAY = '2026-03-02';

const omar = child('E100', 'Omar Ahmed');
const lina = child('E200', 'Lina Ahmed', { sims_grade_name_en: 'Grade 2', sims_section_name_en: 'B' });

const lesson = (over: Partial<TLesson>): TLesson => ({
  id: 'p1:2026-03-02',
  date: TODAY,
  periodNo: 4,
  start: '10:30',
  end: '11:15',
  subject: 'Mathematics',
  subjectAr: 'الرياضيات',
  teacher: 'Ms Huda Saleh',
  teacherAr: 'أ. هدى صالح',
  room: '',
  ...over,
});

const glanceOf = (enrollNumber: string, over: Partial<THomeGlanceChild> = {}): THomeGlanceChild => ({
  enrollNumber,
  fullName: '',
  photo: '',
  gradeName: '',
  gradeNameAr: '',
  sectionName: '',
  sectionNameAr: '',
  attendance: {
    month: '2026-03',
    summary: { present: 15, absent: 1, late: 2, excused: 0, rate: 17 / 18 },
  },
  nextLessons: {
    day: TODAY,
    lessons: [
      lesson({}),
      lesson({ id: 'p2', start: '11:20', end: '12:05', subject: 'English', subjectAr: '', teacher: '' }),
    ],
  },
  latestResults: [
    assessment({
      id: 'r1',
      subject: 'Science',
      subjectAr: 'العلوم',
      title: 'Unit test 2',
      titleAr: 'الوحدة 2',
    }),
    assessment({
      id: 'r2',
      subject: 'Art',
      subjectAr: 'الفنون',
      title: 'Portfolio',
      result: resultValue({ score: null, max: null, textScore: 'B', grade: 'B' }),
    }),
  ],
  ...over,
});

const answer = (children: THomeGlanceChild[], unavailableParts: THomeGlancePart[] = []): THomeGlance => ({
  success: true,
  messageId: 'S200',
  today: TODAY,
  children,
  unavailableParts,
});

/** The parts' modules as the route gives them: all opened unless left out. */
const modules: Record<THomeGlancePart, TGlanceModule> = {
  attendance: { path: '/attendance_month', label: 'Attendance', icon: null, tileClassName: '' },
  nextLessons: { path: '/timetable', label: 'Timetable', icon: null, tileClassName: '' },
  latestResults: { path: '/assessment-mark', label: 'Assessment marks', icon: null, tileClassName: '' },
};

async function show({
  lng = 'en',
  closed = [],
  childPath = '/student-profile',
}: { lng?: TLanguage; closed?: THomeGlancePart[]; childPath?: string | null } = {}) {
  return renderWithProviders(
    <ChildrenGlance
      childList={[omar, lina]}
      moduleOf={(part) => (closed.includes(part) ? null : modules[part])}
      childPath={childPath}
    />,
    { lng },
  );
}

const card = (name: string) => screen.getByRole('article', { name });

afterEach(() => vi.unstubAllGlobals());

describe("each child's glance", () => {
  it('shows the month’s attendance, the next lessons and the latest results, each linking to its page', async () => {
    fakeApi({ [PATH]: () => jsonResponse(200, answer([glanceOf('E100'), glanceOf('E200')])) });
    await show();
    const omarCard = card('Omar Ahmed');
    await within(omarCard).findByText('Mathematics');
    const text = omarCard.textContent ?? '';
    expect(text).toContain('Grade 5 · Section A');
    expect(within(omarCard).getByRole('heading', { name: 'Attendance March 2026' })).toBeTruthy();
    expect(text).toContain('94.4% of school days attended');
    expect(text).toContain('Present15');
    expect(text).toContain('Late2');
    expect(text).toContain('Absent1');
    expect(text).not.toContain('Excused');
    expect(within(omarCard).getByRole('heading', { name: 'Next lessons Today' })).toBeTruthy();
    expect(text).toContain('10:30 am');
    expect(text).toContain('Ms Huda Saleh');
    expect(text).toContain('English');
    expect(text).toContain('Science');
    expect(text).toContain('Unit test 2');
    expect(text).toContain('18/20');
    expect(text).toContain('Portfolio');
    expect(within(omarCard).getAllByRole('listitem')).toHaveLength(4);
    const links = within(omarCard)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Omar Ahmed', '/student-profile?enrollNumber=E100'],
      ['Attendance of Omar Ahmed', '/attendance_month?enrollNumber=E100'],
      ['Timetable of Omar Ahmed', '/timetable?enrollNumber=E100'],
      ['Assessment marks of Omar Ahmed', '/assessment-mark?enrollNumber=E100'],
    ]);
    expect(card('Lina Ahmed').textContent).toContain('Grade 2 · Section B');
  });

  it('writes times, numbers and the school’s words in Arabic on an Arabic page', async () => {
    fakeApi({ [PATH]: () => jsonResponse(200, answer([glanceOf('E100')])) });
    await show({ lng: 'ar' });
    const omarCard = card('Omar Ahmed');
    await within(omarCard).findByText('الرياضيات');
    const text = omarCard.textContent ?? '';
    expect(text).toContain('10:30 ص');
    expect(text).toContain('أ. هدى صالح');
    expect(within(omarCard).getByRole('heading', { name: 'الحصص القادمة اليوم' })).toBeTruthy();
    expect(within(omarCard).getByRole('heading', { name: 'الحضور مارس 2026' })).toBeTruthy();
    expect(text).toContain('18 من 20');
    // English stands in for a subject the school named only in English, marked as English.
    expect(within(omarCard).getByText('English').getAttribute('lang')).toBe('en');
  });

  it('says what each part will show when there is nothing yet, and names the next school day', async () => {
    const quiet = glanceOf('E100', {
      attendance: { month: '2026-03', summary: { present: 0, absent: 0, late: 0, excused: 0, rate: null } },
      nextLessons: { day: '2026-03-03', lessons: [lesson({ date: '2026-03-03', start: '07:45' })] },
      latestResults: [],
    });
    const none = glanceOf('E200', { nextLessons: { day: null, lessons: [] } });
    fakeApi({ [PATH]: () => jsonResponse(200, answer([quiet, none])) });
    await show();
    const omarCard = card('Omar Ahmed');
    await within(omarCard).findByText('No attendance recorded this month yet.');
    expect(within(omarCard).getByRole('heading', { name: 'Next lessons Tomorrow' })).toBeTruthy();
    expect(omarCard.textContent).toContain('No lessons left today.');
    expect(omarCard.textContent).toContain('7:45 am');
    expect(omarCard.textContent).toContain('No results released yet.');
    expect(card('Lina Ahmed').textContent).toContain('No lessons in the next two weeks.');
  });

  it('shows each part’s shape while the glance loads, with the children already named', async () => {
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    fakeApi({
      [PATH]: async () => {
        await answered;
        return jsonResponse(200, answer([glanceOf('E100'), glanceOf('E200')]));
      },
    });
    await show();
    expect(within(card('Omar Ahmed')).getAllByRole('status')).toHaveLength(3);
    expect(within(card('Lina Ahmed')).getByRole('heading', { name: 'Lina Ahmed' })).toBeTruthy();
    release();
    await within(card('Omar Ahmed')).findByText('Mathematics');
    expect(within(card('Omar Ahmed')).queryAllByRole('status')).toHaveLength(0);
  });

  it('says which part could not be read, and reads again when asked', async () => {
    let parts: THomeGlancePart[] = ['nextLessons'];
    const api = fakeApi({
      [PATH]: () =>
        jsonResponse(
          200,
          answer(
            [glanceOf('E100', { nextLessons: parts.length ? null : glanceOf('E100').nextLessons })],
            parts,
          ),
        ),
    });
    await show();
    const omarCard = card('Omar Ahmed');
    await within(omarCard).findByText('Could not load this just now.');
    // The other parts still show.
    expect(omarCard.textContent).toContain('Present15');
    parts = [];
    fireEvent.click(within(omarCard).getByRole('button', { name: 'Try again' }));
    await within(omarCard).findByText('Mathematics');
    expect(api.to(PATH)).toHaveLength(2);
  });

  it('says why when the glance could not be read at all, and tries again', async () => {
    let fail = true;
    fakeApi({
      [PATH]: () =>
        fail
          ? jsonResponse(503, { success: false, messageId: 'S503' })
          : jsonResponse(200, answer([glanceOf('E100')])),
    });
    await show();
    const alert = await screen.findByRole('alert');
    // The cards still name the children.
    expect(card('Omar Ahmed')).toBeTruthy();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await within(card('Omar Ahmed')).findByText('Mathematics');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('leaves out the parts the parent may not open', async () => {
    fakeApi({ [PATH]: () => jsonResponse(200, answer([glanceOf('E100')])) });
    await show({ closed: ['nextLessons'], childPath: null });
    const omarCard = card('Omar Ahmed');
    await within(omarCard).findByText('Science');
    expect(omarCard.textContent).toContain('Present15');
    expect(omarCard.textContent).not.toContain('Next lessons');
    expect(within(omarCard).queryByRole('link', { name: 'Omar Ahmed' })).toBeNull();
  });

  it('asks nothing when the parent may open none of the parts, and still names the children', async () => {
    const api = fakeApi({ [PATH]: () => jsonResponse(200, answer([glanceOf('E100')])) });
    await show({ closed: ['attendance', 'nextLessons', 'latestResults'] });
    expect(card('Omar Ahmed').textContent).toContain('Grade 5 · Section A');
    expect(within(card('Omar Ahmed')).queryAllByRole('status')).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.to(PATH)).toHaveLength(0);
  });

  it('falls back to the initials when a photo fails to load', async () => {
    fakeApi({ [PATH]: () => jsonResponse(200, answer([])) });
    await show();
    const photo = within(card('Omar Ahmed')).getByRole('img', { name: 'Photo of Omar Ahmed' });
    expect(photo.tagName).toBe('IMG');
    fireEvent.error(photo);
    const fallback = within(card('Omar Ahmed')).getByRole('img', { name: 'Photo of Omar Ahmed' });
    expect(fallback.tagName).toBe('SPAN');
    expect(fallback.textContent).toBe('OA');
  });

  it('takes the initials of the first and last names', () => {
    expect(initialsOf('Omar  Khalid Ahmed')).toBe('OA');
    expect(initialsOf('lina')).toBe('L');
    expect(initialsOf('')).toBe('');
  });
});
