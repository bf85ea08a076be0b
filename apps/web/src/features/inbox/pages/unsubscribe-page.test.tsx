import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { TLanguage } from '@portal/contracts/constants';
import type { TUnsubscribeAnswer } from '@portal/contracts/kits/inbox';
import { failure, ok } from '../../../test/module-page.ts';
import { fakeApi, jsonResponse, renderApp } from '../../../test/render.tsx';
import { setSchoolId } from '../../../lib/school-id.ts';

const UNSUBSCRIBE = '/v1/oa/public/unsubscribe';
const WAIT = { timeout: 10_000 };

const answer = (
  mode: 'instant' | 'digest' | 'off',
  over: Partial<TUnsubscribeAnswer> = {},
): TUnsubscribeAnswer => ({
  ...ok,
  category: 'conduct',
  mode,
  categories: [{ category: 'conduct', mode }],
  email: 'p•••@mogra.demo',
  ...over,
});

/** Opens the page as a visitor (no session) at the demo school, the API answered by `handlers`. */
async function openUnsubscribe(path: string, handlers: Parameters<typeof fakeApi>[0], lng: TLanguage = 'en') {
  setSchoolId('mogra');
  const api = fakeApi({
    '/v1/oa/public/school-details': () =>
      jsonResponse(200, { schoolNameLogo: [], swiperText: [], schoolDates: [], schoolContact: null }),
    ...handlers,
  });
  const view = await renderApp(path, { lng });
  return { api, ...view };
}

describe('the unsubscribe page', { timeout: 30_000 }, () => {
  it('says what the link stops and to which address, and stops it with one button', async () => {
    let mode: 'digest' | 'off' = 'digest';
    const { api } = await openUnsubscribe('/unsubscribe?token=abc.def', {
      [UNSUBSCRIBE]: (request) => {
        if (request.method === 'POST') mode = 'off';
        return jsonResponse(200, answer(mode));
      },
    });
    const heading = await screen.findByRole('heading', { name: 'Stop these emails' }, WAIT);
    expect(heading).toBeTruthy();
    const what = await screen.findByText(/This stops the emails about the following to/, {}, WAIT);
    expect(what.textContent).toBe('This stops the emails about the following to p•••@mogra.demo:');
    expect(what.querySelector('bdi')?.getAttribute('dir')).toBe('ltr');
    expect(screen.getByText('Conduct')).toBeTruthy();
    expect(screen.getByText(/Merits, incidents and improvement plans/)).toBeTruthy();
    // Opening the page changes nothing.
    expect(api.to(UNSUBSCRIBE).map((request) => request.method)).toEqual(['GET']);
    expect(new URL(api.to(UNSUBSCRIBE)[0]!.url).searchParams.get('token')).toBe('abc.def');

    fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(
      (await screen.findByText(/Done\. These emails will no longer be sent to/, {}, WAIT)).textContent,
    ).toBe('Done. These emails will no longer be sent to p•••@mogra.demo.');
    const [post] = api.to(UNSUBSCRIBE).filter((request) => request.method === 'POST');
    expect(new URL(post!.url).searchParams.get('token')).toBe('abc.def');
    expect(post!.headers.get('authorization')).toBeNull();
    const manage = screen.getByRole('link', { name: 'Sign in to manage all your email preferences' });
    expect(manage.getAttribute('href')).toBe('/sign-in?redirectUrl=%2Fnotification%3Fview%3Dpreferences');
  });

  it('says when the mail is already stopped, and names every category of a digest link', async () => {
    await openUnsubscribe('/unsubscribe?token=t', {
      [UNSUBSCRIBE]: () =>
        jsonResponse(
          200,
          answer('off', {
            categories: [
              { category: 'conduct', mode: 'off' },
              { category: 'health', mode: 'off' },
            ],
          }),
        ),
    });
    expect((await screen.findByText(/These emails are already stopped for/, {}, WAIT)).textContent).toBe(
      'These emails are already stopped for p•••@mogra.demo.',
    );
    expect(screen.getByText('Health')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
  });

  it('says plainly when the link is not valid or has expired', async () => {
    const { api } = await openUnsubscribe('/unsubscribe?token=expired', {
      [UNSUBSCRIBE]: () => failure(404, 'N404'),
    });
    expect(
      await screen.findByText(
        'This unsubscribe link is not valid or has expired. Sign in to change which emails you get.',
        {},
        WAIT,
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
    expect(api.to(UNSUBSCRIBE)).toHaveLength(1);
  });

  it('asks nothing of a link without a token', async () => {
    const { api } = await openUnsubscribe('/unsubscribe', {});
    expect(await screen.findByText(/This unsubscribe link is not valid/, {}, WAIT)).toBeTruthy();
    expect(api.to(UNSUBSCRIBE)).toHaveLength(0);
  });

  it('offers to try again when the server does not answer', async () => {
    let fail = true;
    await openUnsubscribe('/unsubscribe?token=t', {
      [UNSUBSCRIBE]: () => (fail ? failure(503, 'S503') : jsonResponse(200, answer('instant'))),
    });
    const retry = await screen.findByRole('button', { name: 'Try again' }, WAIT);
    fail = false;
    fireEvent.click(retry);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Unsubscribe' })).toBeTruthy(), WAIT);
  });

  it('speaks Arabic', async () => {
    await openUnsubscribe(
      '/unsubscribe?token=t',
      { [UNSUBSCRIBE]: () => jsonResponse(200, answer('digest')) },
      'ar',
    );
    expect(await screen.findByRole('button', { name: 'إلغاء الاشتراك' }, WAIT)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'إيقاف هذه الرسائل' })).toBeTruthy();
    expect(screen.getByText('السلوك')).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
  });
});
