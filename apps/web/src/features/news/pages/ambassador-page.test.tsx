import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TAmbassadors } from '@portal/contracts/families/publications';
import { failure, ok, openModulePage } from '../../../test/module-page.ts';
import { jsonResponse } from '../../../test/render.tsx';
import { ambassador, application } from '../testing/fixtures.ts';

const lead = ambassador({
  id: 'am1',
  name: 'Huda Saleh',
  nameAr: 'هدى صالح',
  email: 'huda.saleh@example.com',
  sinceOn: '2025-09-15',
});
const deputy = ambassador({ id: 'am2', name: 'Sara Ahmed', role: 'deputy', isYou: true });

function answerOf(overrides: Partial<TAmbassadors> = {}): TAmbassadors {
  return {
    ...ok,
    className: 'Class 9 A',
    classNameAr: 'الصف 9 أ',
    items: [lead],
    applications: [],
    ...overrides,
  };
}

describe('the ambassador page', { timeout: 15_000 }, () => {
  it('shows the class’s ambassadors: name, role, since when, an email link, and "You"', async () => {
    const { api } = await openModulePage('/ambassador', {
      '/v1/ppn/ambassadors': () =>
        jsonResponse(
          200,
          answerOf({
            items: [deputy, lead],
            applications: [application({ id: 'ap1', status: 'approved' })],
          }),
        ),
    });
    const title = await screen.findByRole(
      'heading',
      { name: 'Ambassadors of Class 9 A' },
      { timeout: 10_000 },
    );
    expect(new URL(api.to('/v1/ppn/ambassadors')[0]!.url).searchParams.get('enrollNumber')).toBe('E100');
    const section = title.closest('section')!;
    const cards = within(section).getAllByRole('article');
    // The ambassador before the deputy.
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Huda Saleh',
      'Sara AhmedYou',
    ]);
    expect(cards[0]!.textContent).toContain('Ambassador');
    expect(cards[0]!.textContent).toContain('Since 15 September 2025');
    const mail = within(cards[0]!).getByRole('link', { name: /Write to Huda Saleh/ });
    expect(mail.getAttribute('href')).toBe('mailto:huda.saleh@example.com');
    expect(cards[1]!.textContent).toContain('Deputy');
    expect(within(cards[1]!).queryByRole('link')).toBeNull();
    // An ambassador already: no application to make.
    expect(screen.queryByRole('button', { name: 'Apply to be an ambassador' })).toBeNull();
    const mine = screen.getByRole('region', { name: 'Your applications' });
    expect(within(mine).getByText('Approved')).toBeTruthy();
    expect(within(mine).getByText('I can help with class events.').getAttribute('dir')).toBe('auto');
  });

  it('sends an application with the parent’s words, then says it is being considered', async () => {
    const { api } = await openModulePage('/ambassador', {
      '/v1/ppn/ambassadors': () => jsonResponse(200, answerOf()),
      '/v1/ppn/ambassadors/apply': async (request) => {
        const { motivation } = (await request.json()) as { motivation: string };
        return jsonResponse(201, {
          ...ok,
          application: application({
            id: 'ap2',
            status: 'submitted',
            createdAt: '2026-03-10T06:00:00Z',
            motivation,
          }),
        });
      },
    });
    fireEvent.click(
      await screen.findByRole('button', { name: 'Apply to be an ambassador' }, { timeout: 10_000 }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Apply to be an ambassador' });
    expect(dialog.textContent).toContain('Would you like to represent Class 9 A?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send application' }));
    expect(within(dialog).getByText('Write a few words first.')).toBeTruthy();
    expect(api.to('/v1/ppn/ambassadors/apply')).toHaveLength(0);
    const field = within(dialog).getByRole('textbox', { name: 'Why you would like to be an ambassador' });
    expect(field.getAttribute('dir')).toBe('auto');
    fireEvent.change(field, { target: { value: '  أستطيع المساعدة في فعاليات الصف  ' } });
    expect(within(dialog).getByText('31 of 2,000 characters')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send application' }));
    await waitFor(() => expect(api.to('/v1/ppn/ambassadors/apply')).toHaveLength(1));
    expect(await (api.to('/v1/ppn/ambassadors/apply')[0] as Request).json()).toEqual({
      enrollNumber: 'E100',
      motivation: 'أستطيع المساعدة في فعاليات الصف',
    });
    const notice = await screen.findByText(/Your application is being considered\./);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Apply to be an ambassador' })).toBeNull();
    await waitFor(() => expect(document.activeElement?.contains(notice)).toBe(true));
    const mine = screen.getByRole('region', { name: 'Your applications' });
    expect(within(mine).getByText('Submitted')).toBeTruthy();
    expect(within(mine).getByText('أستطيع المساعدة في فعاليات الصف')).toBeTruthy();
  });

  it('refuses more than 2,000 characters before sending, and explains a 409', async () => {
    let pending = false;
    const { api } = await openModulePage('/ambassador', {
      '/v1/ppn/ambassadors': () =>
        jsonResponse(
          200,
          answerOf({ applications: pending ? [application({ id: 'ap3', status: 'in_review' })] : [] }),
        ),
      '/v1/ppn/ambassadors/apply': () => {
        pending = true;
        return failure(409, 'R003');
      },
    });
    fireEvent.click(
      await screen.findByRole('button', { name: 'Apply to be an ambassador' }, { timeout: 10_000 }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Apply to be an ambassador' });
    const field = within(dialog).getByRole('textbox', { name: 'Why you would like to be an ambassador' });
    fireEvent.change(field, { target: { value: 'x'.repeat(2001) } });
    expect(within(dialog).getByText('2,001 of 2,000 characters').className).toContain('text-red-700');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send application' }));
    expect(within(dialog).getByText('This can be at most 2,000 characters. Please shorten it.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(api.to('/v1/ppn/ambassadors/apply')).toHaveLength(0);

    fireEvent.change(field, { target: { value: 'I would like to help.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send application' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'You cannot apply again for this class: an application of yours is already being considered',
    );
    // The page asks again and shows the application under consideration.
    expect(await screen.findByText(/Your application is being considered\./)).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Your applications' })).getByText('In review'),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says when the class has no ambassador yet, and still offers to apply', async () => {
    await openModulePage('/ambassador', {
      '/v1/ppn/ambassadors': () => jsonResponse(200, answerOf({ items: [] })),
    });
    expect(
      await screen.findByText(
        'This class has no ambassador yet. When the school names one, they appear here.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Apply to be an ambassador' })).toBeTruthy();
  });

  it('says when the child has no class yet, without an application to make', async () => {
    await openModulePage('/ambassador', {
      '/v1/ppn/ambassadors': () =>
        jsonResponse(200, answerOf({ className: null, classNameAr: null, items: [] })),
    });
    expect(
      await screen.findByText(/Omar Ahmed has no class on record yet\./, {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Apply to be an ambassador' })).toBeNull();
  });

  it('shows the shape of the page while it loads, then why it failed and a way to try again', async () => {
    let release: (response: Response) => void = () => undefined;
    let failing = true;
    await openModulePage('/ambassador', {
      '/v1/ppn/ambassadors': () =>
        failing ? new Promise<Response>((resolve) => (release = resolve)) : jsonResponse(200, answerOf()),
    });
    expect((await screen.findAllByTestId('ambassador-skeleton', {}, { timeout: 10_000 })).length).toBe(2);
    release(failure(403, 'A002'));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'You can only see information about your own children.',
    );
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Ambassadors of Class 9 A' })).toBeTruthy();
  });

  it('speaks Arabic: names in Arabic, English alone marked as English, the apply button', async () => {
    await openModulePage(
      '/ambassador',
      {
        '/v1/ppn/ambassadors': () =>
          jsonResponse(
            200,
            answerOf({
              items: [lead, { ...deputy, isYou: false }],
              applications: [application({ id: 'ap1', status: 'rejected' })],
            }),
          ),
      },
      { lng: 'ar' },
    );
    const title = await screen.findByRole('heading', { name: 'سفراء الصف 9 أ' }, { timeout: 10_000 });
    const section = title.closest('section')!;
    expect(within(section).getByRole('heading', { name: 'هدى صالح' })).toBeTruthy();
    expect(within(section).getByText('Sara Ahmed').getAttribute('lang')).toBe('en');
    expect(screen.getByText('نائب السفير')).toBeTruthy();
    expect(screen.getByText('مرفوض')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'التقدّم لتكون سفيرًا' })).toBeTruthy();
  });
});
