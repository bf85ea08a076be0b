import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { TTeacher } from '@portal/contracts/families/schedule';
import { jsonResponse } from '../../../test/render.tsx';
import { teacherInitials } from '../../../features/schedule/pages/teachers-page.tsx';
import { failure, ok, openModulePage } from '../../../test/module-page.ts';

const teachers: TTeacher[] = [
  {
    id: 't1',
    name: 'Ms. Sara Khan',
    nameAr: 'أ. سارة خان',
    title: 'Class teacher, Grade 5 A',
    titleAr: 'معلمة الفصل، الصف 5 أ',
    email: 'sara.khan@mogra.demo',
    homeroom: true,
    subjects: [
      { name: 'Mathematics', nameAr: 'الرياضيات' },
      { name: 'Science', nameAr: '' },
    ],
  },
  {
    id: 't2',
    name: 'Mr. John Doe',
    nameAr: '',
    title: 'Music teacher',
    titleAr: '',
    email: '',
    homeroom: false,
    subjects: [{ name: 'Music', nameAr: 'الموسيقى' }],
  },
];

describe('the teachers page', () => {
  it('shows a card per teacher of the child: initials, name, title, subjects, class teacher and e-mail', async () => {
    const { api } = await openModulePage('/teacher', {
      '/v1/ppn/teachers': () => jsonResponse(200, { ...ok, teachers }),
    });
    const sara = (await screen.findByRole('heading', { name: 'Ms. Sara Khan' }, { timeout: 5000 })).closest(
      'li',
    ) as HTMLElement;
    expect(sara.textContent).toMatch(/^SKMs\. Sara KhanClass teacher, Grade 5 AClass teacher/);
    expect(
      within(sara)
        .getAllByRole('listitem')
        .map((subject) => subject.textContent),
    ).toEqual(['Mathematics', 'Science']);
    expect(
      within(sara)
        .getByRole('link', { name: 'E-mail Ms. Sara Khan: sara.khan@mogra.demo' })
        .getAttribute('href'),
    ).toBe('mailto:sara.khan@mogra.demo');
    const john = screen.getByRole('heading', { name: 'Mr. John Doe' }).closest('li') as HTMLElement;
    expect(john.textContent).not.toContain('Class teacher');
    expect(within(john).queryByRole('link')).toBeNull();
    expect(new URL(api.to('/v1/ppn/teachers')[0]?.url ?? '').searchParams.get('enrollNumber')).toBe('E100');
  });

  it('leaves honorifics out of the initials', () => {
    expect(teacherInitials('Ms. Sara Khan')).toBe('SK');
    expect(teacherInitials('أ. سارة خان')).toBe('سخ');
    expect(teacherInitials('Dr. Omar')).toBe('O');
  });

  it('speaks Arabic, a name given only in English marked as English', async () => {
    await openModulePage(
      '/teacher',
      { '/v1/ppn/teachers': () => jsonResponse(200, { ...ok, teachers }) },
      { lng: 'ar' },
    );
    expect(await screen.findByRole('heading', { name: 'أ. سارة خان' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('معلم الفصل')).toBeTruthy();
    expect(screen.getByText('Mr. John Doe').getAttribute('lang')).toBe('en');
    expect(screen.getByText('Science').getAttribute('lang')).toBe('en');
    expect(screen.getByText('الموسيقى')).toBeTruthy();
  });

  it('says when no teacher is listed yet, and what failed with a way to try again', async () => {
    let fail = true;
    await openModulePage('/teacher', {
      '/v1/ppn/teachers': () => (fail ? failure(403, 'A002') : jsonResponse(200, { ...ok, teachers: [] })),
    });
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain('You can only see information about your own children.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/No teachers are listed for Omar Ahmed yet/)).toBeTruthy();
  });

  it('says what would show here to a parent with no child on record, asking nothing of the server', async () => {
    const { api } = await openModulePage('/teacher', {}, { childless: true });
    expect(
      await screen.findByText(
        /Once the school links a child to you, their teachers show here/,
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(api.to('/v1/ppn/teachers')).toHaveLength(0);
  });
});
