import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TCareRecord } from '@portal/contracts/families/care';
import { jsonResponse } from '../../../test/render.tsx';
import { careAnswer, careRecord } from '../../../test/care.ts';
import { failure, freezeDateAt, ok, openModulePage } from '../../../test/module-page.ts';

const mathsPlan = careRecord({
  id: 'p1',
  kind: 'improvementPlan',
  occurredOn: '2026-02-02',
  title: 'Maths plan',
  titleAr: 'خطة الرياضيات',
  staffName: 'Mr Ali',
  targets: [
    { title: 'Times tables to 12', titleAr: 'جدول الضرب حتى 12', status: 'met', dueOn: '2026-02-27' },
    { title: 'Long division', titleAr: '', status: 'inProgress', dueOn: '2026-03-27' },
  ],
  comments: [
    {
      seq: 1,
      at: '2026-02-03T08:00:00.000Z',
      author: 'school',
      authorName: 'Mr Ali',
      body: 'Ten minutes of practice a day helps.',
    },
  ],
});
const closedPlan = careRecord({
  id: 'p0',
  kind: 'improvementPlan',
  occurredOn: '2025-11-10',
  title: 'Reading plan',
  status: 'closed',
});
const goal = careRecord({ id: 'g1', kind: 'goal', occurredOn: '2026-03-01', title: 'Read 10 books' });

freezeDateAt('2026-03-10T06:00:00Z');

const planFrom = (title: string) =>
  screen.getByRole('heading', { level: 3, name: title }).closest('li') as HTMLElement;

describe('the improvement plans page', () => {
  it('shows each plan with its targets and comments; a closed one takes no comment', async () => {
    await openModulePage('/improvement', {
      '/v1/ppn/care/improvement-plans': () => jsonResponse(200, careAnswer([mathsPlan, closedPlan])),
    });
    await screen.findByRole('heading', { level: 3, name: 'Maths plan' }, { timeout: 5000 });
    expect(document.querySelector('[data-tile="open"] dd')?.textContent).toBe('1');
    const plan = planFrom('Maths plan');
    expect(within(plan).getByText('Targets: 1 of 2 met')).toBeTruthy();
    expect(within(plan).getByText('Met')).toBeTruthy();
    expect(within(plan).getByText('In progress')).toBeTruthy();
    expect(within(plan).getByText('Due 27 Mar 2026')).toBeTruthy();
    expect(within(plan).getByText('Ten minutes of practice a day helps.')).toBeTruthy();
    expect(within(plan).getByText('Open')).toBeTruthy();
    const closed = planFrom('Reading plan');
    expect(within(closed).getByText('Closed')).toBeTruthy();
    expect(within(closed).getByText('This is closed, so it takes no more comments.')).toBeTruthy();
    expect(within(closed).queryByRole('button', { name: 'Add a comment' })).toBeNull();
  });

  it('posts a comment and shows it; stops one that is too long before sending it', async () => {
    let saved: TCareRecord = mathsPlan;
    const { api } = await openModulePage('/improvement', {
      '/v1/ppn/care/improvement-plans': () => jsonResponse(200, careAnswer([mathsPlan])),
      '/v1/ppn/care/improvement-plans/p1/comments': async (request) => {
        const { body } = (await request.json()) as { body: string };
        saved = {
          ...mathsPlan,
          comments: [
            ...mathsPlan.comments,
            { seq: 2, at: '2026-03-10T06:00:00.000Z', author: 'parent', authorName: 'Sara Ahmed', body },
          ],
        };
        return jsonResponse(201, { ...ok, item: saved });
      },
    });
    await screen.findByRole('heading', { level: 3, name: 'Maths plan' }, { timeout: 5000 });
    const plan = planFrom('Maths plan');
    fireEvent.click(within(plan).getByRole('button', { name: 'Add a comment' }));
    const field = within(plan).getByRole('textbox', { name: 'Your comment' });
    expect(field.getAttribute('dir')).toBe('auto');

    fireEvent.change(field, { target: { value: 'x'.repeat(2001) } });
    expect(within(plan).getByText('2,001 of 2,000 characters')).toBeTruthy();
    fireEvent.click(within(plan).getByRole('button', { name: 'Send comment' }));
    expect(within(plan).getByText('This can be at most 2,000 characters. Shorten it by 1.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(api.to('/v1/ppn/care/improvement-plans/p1/comments')).toHaveLength(0);

    fireEvent.change(field, { target: { value: '  We practise every evening.  ' } });
    fireEvent.click(within(plan).getByRole('button', { name: 'Send comment' }));
    // The comment as listed, not the text field, which holds the same words until the answer comes.
    expect(
      await within(plan).findByText('We practise every evening.', { selector: 'p' }, { timeout: 5000 }),
    ).toBeTruthy();
    const [post] = api.to('/v1/ppn/care/improvement-plans/p1/comments');
    expect(await post?.json()).toEqual({ enrollNumber: 'E100', body: 'We practise every evening.' });
    expect(within(plan).getByText('Sara Ahmed')).toBeTruthy();
    expect(within(plan).queryByRole('textbox')).toBeNull();
    expect(screen.getByText('Your comment was sent.')).toBeTruthy();
  });

  it("shows the server's refusal in its words and keeps the text", async () => {
    await openModulePage('/improvement', {
      '/v1/ppn/care/improvement-plans': () => jsonResponse(200, careAnswer([mathsPlan])),
      '/v1/ppn/care/improvement-plans/p1/comments': () => failure(409, 'R001'),
    });
    await screen.findByRole('heading', { level: 3, name: 'Maths plan' }, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: 'Add a comment' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Your comment' }), { target: { value: 'Thanks' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send comment' }));
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toContain(
      'This request cannot be changed in its current state.',
    );
    expect((screen.getByRole('textbox', { name: 'Your comment' }) as HTMLTextAreaElement).value).toBe(
      'Thanks',
    );
  });
});

describe('the goal setting page', () => {
  it('posts a comment on a goal to the goals path, and speaks Arabic', async () => {
    const { api } = await openModulePage(
      '/goal-settingview',
      {
        '/v1/ppn/care/goals': () => jsonResponse(200, careAnswer([goal, mathsPlan])),
        '/v1/ppn/care/goals/g1/comments': () => jsonResponse(201, { ...ok, item: goal }),
      },
      { lng: 'ar' },
    );
    expect(
      await screen.findByRole('heading', { level: 3, name: 'خطة الرياضيات' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByText('جدول الضرب حتى 12')).toBeTruthy();
    expect(screen.getByText('Long division').getAttribute('lang')).toBe('en');
    const readGoal = planFrom('Read 10 books');
    fireEvent.click(within(readGoal).getByRole('button', { name: 'أضف تعليقًا' }));
    fireEvent.change(within(readGoal).getByRole('textbox', { name: 'تعليقك' }), {
      target: { value: 'شكرًا لكم' },
    });
    fireEvent.click(within(readGoal).getByRole('button', { name: 'أرسل التعليق' }));
    await waitFor(() => expect(api.to('/v1/ppn/care/goals/g1/comments')).toHaveLength(1), { timeout: 5000 });
  });
});
