import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { TSurveyDetail, TSurveyListItem } from '@portal/contracts/families/surveys';
import { failure, freezeDateAt, ok, openModulePage } from '../../../test/module-page.ts';
import { jsonResponse } from '../../../test/render.tsx';

const base = {
  description: 'Tell us how the term went.',
  descriptionAr: 'أخبرونا كيف كان الفصل.',
  opensOn: '2026-03-01',
  closesOn: '2026-03-20',
  perChild: false,
  anonymous: true,
  questionCount: 3,
  enrollNumber: null,
  childName: null,
};
const open: TSurveyListItem = {
  ...base,
  id: 's-open',
  title: 'Parent satisfaction',
  titleAr: 'رضا أولياء الأمور',
  state: 'open',
  answeredAt: null,
};
const answered: TSurveyListItem = {
  ...base,
  id: 's-sports',
  title: 'Sports Day feedback',
  titleAr: 'آراء حول اليوم الرياضي',
  anonymous: false,
  perChild: true,
  questionCount: 1,
  enrollNumber: 'E100',
  childName: 'Omar Ahmed',
  state: 'answered',
  answeredAt: '2026-03-05T06:00:00Z',
};
const detail = (respondents: TSurveyDetail['respondents']): TSurveyDetail => ({
  ...ok,
  survey: {
    ...base,
    id: 's-open',
    title: 'Parent satisfaction',
    titleAr: 'رضا أولياء الأمور',
    closed: false,
    questions: [
      {
        id: 'q1',
        kind: 'rating',
        text: 'How satisfied are you?',
        textAr: 'ما مدى رضاكم؟',
        required: true,
        choices: [],
      },
      {
        id: 'q2',
        kind: 'multiple',
        text: 'Which clubs?',
        textAr: 'أي النوادي؟',
        required: true,
        choices: [
          { id: 'c1', label: 'Football', labelAr: 'كرة القدم' },
          { id: 'c2', label: 'Robotics', labelAr: 'الروبوتات' },
        ],
      },
      { id: 'q3', kind: 'text', text: 'Anything else?', textAr: 'شيء آخر؟', required: false, choices: [] },
    ],
  },
  respondents,
});
const family = { enrollNumber: null, childName: null, askedVia: 'E100' };

freezeDateAt('2026-03-10T06:00:00Z');

describe('the survey page', { timeout: 20_000 }, () => {
  it('lists open surveys first, answers one a question at a time, and shows it answered', async () => {
    let done = false;
    const { api } = await openModulePage('/survey', {
      '/v1/ppn/surveys': () =>
        jsonResponse(200, {
          ...ok,
          items: done
            ? [{ ...open, state: 'answered', answeredAt: '2026-03-10T06:00:00Z' }, answered]
            : [open, answered],
        }),
      '/v1/ppn/surveys/s-open': () =>
        jsonResponse(
          200,
          detail([{ ...family, answeredAt: done ? '2026-03-10T06:00:00Z' : null, answers: null }]),
        ),
      '/v1/ppn/surveys/s-open/responses': () => {
        done = true;
        return jsonResponse(201, { ...ok, answeredAt: '2026-03-10T06:00:00Z' });
      },
    });
    const card = await screen.findByRole('article', { name: 'Parent satisfaction' }, { timeout: 5000 });
    expect(within(card).getByText('Open until 20 March 2026')).toBeTruthy();
    expect(within(card).getByText('3 questions')).toBeTruthy();
    expect(within(card).getByText('Anonymous')).toBeTruthy();
    const sports = screen.getByRole('article', { name: 'Sports Day feedback' });
    expect(within(sports).getByText('Answered on 5 March 2026')).toBeTruthy();
    expect(within(sports).getByText('Omar Ahmed')).toBeTruthy();

    fireEvent.click(within(card).getByRole('button', { name: 'Answer: Parent satisfaction' }));
    expect(await screen.findByText('Question 1 of 3')).toBeTruthy();
    // A required question must be answered before going on.
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert').textContent).toBe('Answer this question to go on.');
    fireEvent.click(screen.getByRole('radio', { name: '4 out of 5' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Question 2 of 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Robotics' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Football' }));
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('radio', { name: '4 out of 5' })).toHaveProperty('checked', true);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Question 3 of 3')).toBeTruthy();
    expect(screen.getByText('(optional)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send answers' }));
    expect(await screen.findByText(/nobody, not even you/)).toBeTruthy();
    expect(await api.to('/v1/ppn/surveys/s-open/responses')[0]?.json()).toEqual({
      enrollNumber: 'E100',
      answers: [
        { questionId: 'q1', rating: 4 },
        { questionId: 'q2', choiceIds: ['c2', 'c1'] },
      ],
    });
  });

  it('shows the answers of a named survey read-only, in Arabic', async () => {
    await openModulePage(
      '/survey',
      {
        '/v1/ppn/surveys': () => jsonResponse(200, { ...ok, items: [answered] }),
        '/v1/ppn/surveys/s-sports': () =>
          jsonResponse(200, {
            ...detail([
              {
                enrollNumber: 'E100',
                childName: 'Omar Ahmed',
                askedVia: 'E100',
                answeredAt: '2026-03-05T06:00:00Z',
                answers: [
                  { questionId: 'q1', rating: 5 },
                  { questionId: 'q2', choiceIds: ['c1'] },
                ],
              },
            ]),
          }),
      },
      { lng: 'ar' },
    );
    expect(
      await screen.findByText('أجبتم عن كل الاستبيانات المفتوحة. شكرًا لكم.', {}, { timeout: 5000 }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'اطّلع على إجاباتك: آراء حول اليوم الرياضي' }));
    expect(await screen.findByText('كرة القدم')).toBeTruthy();
    expect(screen.getByText('شيء آخر؟').closest('div')?.textContent).toContain('لم تتم الإجابة');
  });

  it('says what will appear when there is no survey, and why it failed with a way to try again', async () => {
    let fail = true;
    await openModulePage('/survey', {
      '/v1/ppn/surveys': () => (fail ? failure(500, 'L000') : jsonResponse(200, { ...ok, items: [] })),
    });
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/No surveys for your family yet/)).toBeTruthy();
  });
});
