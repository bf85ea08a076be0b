import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type {
  TThread,
  TThreadAnswer,
  TThreadContact,
  TThreadMessage,
} from '@portal/contracts/families/publications';
import { failure, freezeDateAt, ok, openModulePage } from '../../../test/module-page.ts';
import { fakeApi, jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { MessagesPage } from './messages-page.tsx';

const THREADS = '/v1/ppn/threads';
const CONTACTS = '/v1/ppn/threads/contacts';
const id1 = '00000000-0000-4000-8000-000000000001';
const id2 = '00000000-0000-4000-8000-000000000002';
const id3 = '00000000-0000-4000-8000-000000000003';

const teacher: TThreadContact = {
  id: 'S1',
  name: 'Maryam Khan',
  nameAr: 'مريم خان',
  title: 'Class teacher',
  titleAr: 'معلمة الصف',
};
const coach: TThreadContact = {
  id: 'S2',
  name: 'Tom Reed',
  nameAr: '',
  title: 'Physical education',
  titleAr: '',
};

const thread = (id: string, over: Partial<TThread> = {}): TThread => ({
  id,
  enrollNumber: 'E100',
  childName: 'Omar Ahmed',
  staff: teacher,
  subject: 'Reading homework',
  status: 'open',
  createdAt: '2026-03-09T05:00:00.000Z',
  lastMessageAt: '2026-03-10T05:30:00.000Z',
  preview: 'Omar can bring the book back on Thursday.',
  unread: 0,
  ...over,
});

const message = (seq: number, over: Partial<TThreadMessage> = {}): TThreadMessage => ({
  seq,
  author: 'parent',
  authorName: 'Sara Ahmed',
  authorNameAr: 'سارة أحمد',
  body: 'Could Omar keep the reader one more week?',
  at: '2026-03-09T05:00:00.000Z',
  attachments: [],
  ...over,
});

const conversation = (over: Partial<TThread> = {}, messages?: TThreadMessage[]): TThreadAnswer => ({
  ...ok,
  thread: thread(id1, over),
  messages: messages ?? [
    message(1),
    message(2, {
      author: 'staff',
      authorName: 'Maryam Khan',
      authorNameAr: 'مريم خان',
      body: 'Omar can bring the book back on Thursday.\nNo rush.',
      at: '2026-03-10T05:30:00.000Z',
    }),
  ],
});

const list = (items: TThread[], unread = 0, nextCursor: string | null = null) =>
  jsonResponse(200, { ...ok, items, unread, nextCursor });

const enrollNumberOf = (request: Request) => new URL(request.url).searchParams.get('enrollNumber');

const omar = { enrollNumber: 'E100', name: 'Omar Ahmed' };
const lina = { enrollNumber: 'E200', name: 'Lina Ahmed' };

/** The page as the shell draws it for a parent of two children (Omar in the header). */
async function openForFamily(handlers: Parameters<typeof fakeApi>[0]) {
  const api = fakeApi(handlers);
  const view = await renderWithProviders(
    <MessagesPage title="Messages" child={omar} family={[omar, lina]} />,
  );
  return { api, ...view };
}

freezeDateAt('2026-03-10T06:00:00Z');

/** The first answer of a page may take a while on a busy machine. */
const WAIT = { timeout: 10_000 };

describe('the messages page', { timeout: 30_000 }, () => {
  it("lists the header child's threads with staff, subject, preview, time and unread count", async () => {
    const { api } = await openForFamily({
      [THREADS]: (request) =>
        enrollNumberOf(request) === 'E100'
          ? list([thread(id1, { unread: 2 }), thread(id2, { staff: coach, subject: 'Sports day kit' })], 2)
          : list([
              thread(id1, { unread: 2 }),
              thread(id3, { enrollNumber: 'E200', childName: 'Lina Ahmed', subject: 'Lunch box' }),
            ]),
    });
    const threads = await screen.findByRole('list', { name: 'Conversations about Omar Ahmed' }, WAIT);
    const [first, second] = within(threads).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(first.textContent).toContain('Maryam Khan');
    expect(first.textContent).toContain('Class teacher');
    expect(first.textContent).toContain('Reading homework');
    expect(first.textContent).toContain('Omar can bring the book back on Thursday.');
    expect(first.textContent).toContain('Child: Omar Ahmed');
    expect(within(first).getByText('9:30 am').getAttribute('dateTime')).toBe('2026-03-10T05:30:00.000Z');
    expect(within(first).getByTestId('unread').textContent).toContain('2 unread messages');
    expect(within(second).queryByTestId('unread')).toBeNull();
    expect(second.textContent).toContain('Sports day kit');
    expect(screen.getByText('2 unread')).toBeTruthy();
    expect(
      screen.getByText('Choose a conversation to read it, or start one with “New message”.'),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: 'All children' }));
    const all = await screen.findByRole('list', { name: 'Conversations about all your children' }, WAIT);
    expect(all.textContent).toContain('Lina Ahmed');
    expect(all.textContent).toContain('Lunch box');
    expect(api.to(THREADS).map(enrollNumberOf)).toEqual(['E100', null]);
  });

  it('opens ?thread= as bubbles, each side by its author, and marks the unread read', async () => {
    let unread = 1;
    const { api } = await openModulePage(`/communication?thread=${id1}`, {
      [THREADS]: () => list([thread(id1, { unread })], unread),
      [`${THREADS}/${id1}`]: () => jsonResponse(200, conversation({ unread })),
      [`${THREADS}/${id1}/read`]: () => {
        unread = 0;
        return jsonResponse(200, conversation({ unread }));
      },
      '/v1/ppn/notifications': () => jsonResponse(200, { ...ok, items: [], unread, nextCursor: null }),
    });
    const open = await screen.findByRole('region', { name: 'Reading homework' }, WAIT);
    const bubbles = within(within(open).getByRole('list', { name: 'Messages' })).getAllByRole('listitem');
    expect(bubbles.map((bubble) => bubble.getAttribute('data-author'))).toEqual(['parent', 'staff']);
    expect(bubbles[0]?.className).toContain('ms-auto');
    expect(bubbles[1]?.className).toContain('me-auto');
    expect(bubbles[0]?.textContent).toContain('You');
    expect(bubbles[1]?.textContent).toContain('Maryam Khan');
    expect(bubbles[1]?.textContent).toContain('10 March 2026');
    const body = within(bubbles[1]!).getByText(/No rush\./);
    expect(body.getAttribute('dir')).toBe('auto');
    expect(body.textContent).toBe('Omar can bring the book back on Thursday.\nNo rush.');
    await waitFor(() => expect(api.to(`${THREADS}/${id1}/read`)).toHaveLength(1), WAIT);
    expect(api.to(`${THREADS}/${id1}/read`)[0]?.method).toBe('POST');
    // The list is asked again: the badge goes; and the bell, whose notices of the thread are read.
    await waitFor(() => expect(screen.queryByTestId('unread')).toBeNull(), WAIT);
    await waitFor(() => expect(api.to('/v1/ppn/notifications')).toHaveLength(2), WAIT);
  });

  it('does not mark a thread without unread messages', async () => {
    const { api } = await openModulePage(`/communication?thread=${id1}`, {
      [THREADS]: () => list([thread(id1)]),
      [`${THREADS}/${id1}`]: () => jsonResponse(200, conversation()),
    });
    await screen.findByRole('region', { name: 'Reading homework' }, WAIT);
    expect(api.to(`${THREADS}/${id1}/read`)).toHaveLength(0);
  });

  it('opens a thread from the list and goes back to it', async () => {
    const { location } = await openModulePage('/communication', {
      [THREADS]: () => list([thread(id1)]),
      [`${THREADS}/${id1}`]: () => jsonResponse(200, conversation()),
    });
    fireEvent.click(await screen.findByRole('link', { name: /Reading homework/ }, WAIT));
    const open = await screen.findByRole('region', { name: 'Reading homework' }, WAIT);
    expect(location()).toBe(`/communication?thread=${id1}`);
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Reading homework'), WAIT);
    expect(screen.getByRole('link', { name: /Reading homework/ }).getAttribute('aria-current')).toBe('true');
    fireEvent.click(within(open).getByRole('button', { name: 'Back to conversations' }));
    await waitFor(() => expect(location()).toBe('/communication'), WAIT);
    expect(document.activeElement).toBe(screen.getByRole('link', { name: /Reading homework/ }));
  });

  it('sends a reply and shows it in the thread', async () => {
    const { api } = await openModulePage(`/communication?thread=${id1}`, {
      [THREADS]: () => list([thread(id1)]),
      [`${THREADS}/${id1}`]: () => jsonResponse(200, conversation()),
      [`${THREADS}/${id1}/messages`]: async (request) => {
        const { body } = (await request.clone().json()) as { body: string };
        const answer = conversation({ preview: body }, [
          ...conversation().messages,
          message(3, { body, at: '2026-03-10T06:00:00.000Z' }),
        ]);
        return jsonResponse(201, answer);
      },
    });
    const open = await screen.findByRole('region', { name: 'Reading homework' }, WAIT);
    const reply = within(open).getByRole('form', { name: 'Reply to this conversation' });
    fireEvent.click(within(reply).getByRole('button', { name: 'Send' }));
    expect(within(reply).getByText('Write something first.')).toBeTruthy();
    const box = within(reply).getByRole('textbox', { name: 'Your reply' });
    expect(box.getAttribute('dir')).toBe('auto');
    fireEvent.change(box, { target: { value: '  Thank you, Thursday is fine.  ' } });
    expect(within(reply).getByText('28 of 5,000 characters')).toBeTruthy();
    fireEvent.click(within(reply).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(
        within(open)
          .getAllByRole('listitem')
          .map((item) => item.getAttribute('data-author')),
      ).toEqual(['parent', 'staff', 'parent']),
    );
    expect(await (api.to(`${THREADS}/${id1}/messages`)[0] as Request).json()).toEqual({
      body: 'Thank you, Thursday is fine.',
      attachmentIds: [],
    });
    expect((within(reply).getByRole('textbox', { name: 'Your reply' }) as HTMLTextAreaElement).value).toBe(
      '',
    );
    expect(within(reply).getByRole('status').textContent).toBe('Your message has been sent.');
  });

  it('says so when too many messages were sent this hour', async () => {
    await openModulePage(`/communication?thread=${id1}`, {
      [THREADS]: () => list([thread(id1)]),
      [`${THREADS}/${id1}`]: () => jsonResponse(200, conversation()),
      [`${THREADS}/${id1}/messages`]: () => failure(429, 'L006'),
    });
    const open = await screen.findByRole('region', { name: 'Reading homework' }, WAIT);
    fireEvent.change(within(open).getByRole('textbox', { name: 'Your reply' }), {
      target: { value: 'One more thing' },
    });
    fireEvent.click(within(open).getByRole('button', { name: 'Send' }));
    expect((await within(open).findByRole('alert', {}, WAIT)).textContent).toContain(
      'You have sent many messages this hour; try again later.',
    );
  });

  it('says a closed thread takes no reply, and has no reply box', async () => {
    await openModulePage(`/communication?thread=${id1}`, {
      [THREADS]: () => list([thread(id1, { status: 'closed' })]),
      [`${THREADS}/${id1}`]: () => jsonResponse(200, conversation({ status: 'closed' })),
    });
    const open = await screen.findByRole('region', { name: 'Reading homework' }, WAIT);
    expect(within(open).getByText(/The school has closed this conversation/)).toBeTruthy();
    expect(within(open).queryByRole('textbox')).toBeNull();
    expect(within(open).queryByRole('button', { name: 'Send' })).toBeNull();
    expect(screen.getByRole('list', { name: 'Conversations about Omar Ahmed' }).textContent).toContain(
      'Closed',
    );
  });

  it('starts a thread about the child chosen, with the staff of that child, then opens it', async () => {
    const started: TThreadAnswer = {
      ...ok,
      thread: thread(id2, { enrollNumber: 'E200', childName: 'Lina Ahmed', staff: coach, subject: 'Kit' }),
      messages: [message(1, { body: 'Does Lina need a cap?' })],
    };
    const { api } = await openForFamily({
      [THREADS]: (request) => (request.method === 'POST' ? jsonResponse(201, started) : list([])),
      [CONTACTS]: (request) =>
        jsonResponse(200, { ...ok, items: enrollNumberOf(request) === 'E200' ? [coach] : [teacher, coach] }),
      [`${THREADS}/${id2}`]: () => jsonResponse(200, started),
    });
    expect(
      await screen.findByText(
        "No conversations about Omar Ahmed yet. Write to one of their teachers with “New message”; the school's replies appear here.",
        {},
        WAIT,
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New message' }));
    const dialog = screen.getByRole('dialog', { name: 'New message' });
    const childPicker = within(dialog).getByRole('combobox', { name: 'About which child' });
    expect((childPicker as HTMLSelectElement).value).toBe('E100');
    const staffPicker = await within(dialog).findByRole(
      'option',
      { name: 'Maryam Khan – Class teacher' },
      WAIT,
    );
    expect(staffPicker).toBeTruthy();

    // The child is required.
    fireEvent.change(childPicker, { target: { value: '' } });
    expect(within(dialog).queryByRole('combobox', { name: 'To' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send message' }));
    expect(within(dialog).getByText('Choose the child this message is about.')).toBeTruthy();
    expect(within(dialog).getByText('Choose who to write to.')).toBeTruthy();
    expect(api.to(THREADS).filter((request) => request.method === 'POST')).toHaveLength(0);

    fireEvent.change(childPicker, { target: { value: 'E200' } });
    await within(dialog).findByRole('option', { name: 'Tom Reed – Physical education' }, WAIT);
    expect(within(dialog).queryByRole('option', { name: /Maryam Khan/ })).toBeNull();
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'To' }), { target: { value: 'S2' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Subject' }), {
      target: { value: ' Kit ' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Message' }), {
      target: { value: 'Does Lina need a cap?' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send message' }));

    await screen.findByRole('region', { name: 'Kit' }, WAIT);
    const posted = api.to(THREADS).filter((request) => request.method === 'POST');
    expect(await (posted[0] as Request).json()).toEqual({
      enrollNumber: 'E200',
      staffId: 'S2',
      subject: 'Kit',
      body: 'Does Lina need a cap?',
      attachmentIds: [],
    });
    expect(api.to(CONTACTS).map(enrollNumberOf)).toEqual(['E100', 'E200']);
    expect(screen.queryByRole('dialog')).toBeNull();
    // A thread about another child than the header's: the list shows every child.
    expect((screen.getByRole('radio', { name: 'All children' }) as HTMLInputElement).checked).toBe(true);
  });

  it('says what failed and tries again', async () => {
    let fail = true;
    await openModulePage('/communication', {
      [THREADS]: () => (fail ? failure(500, 'L000') : list([])),
    });
    const alert = await screen.findByRole('alert', {}, WAIT);
    expect(alert.textContent).toContain('Something went wrong. Please try again.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/No conversations about Omar Ahmed yet\./, {}, WAIT)).toBeTruthy();
  });

  it('speaks Arabic: the staff name in Arabic, English fallbacks marked', async () => {
    await openModulePage(
      '/communication',
      { [THREADS]: () => list([thread(id1), thread(id2, { staff: coach })]) },
      { lng: 'ar' },
    );
    const threads = await screen.findByRole('list', { name: 'المحادثات الخاصة بـ Omar Ahmed' }, WAIT);
    expect(within(threads).getByText('مريم خان')).toBeTruthy();
    expect(within(threads).getByText('معلمة الصف')).toBeTruthy();
    expect(within(threads).getByText('Tom Reed').getAttribute('lang')).toBe('en');
    expect(screen.getByRole('button', { name: 'رسالة جديدة' })).toBeTruthy();
  });
});
