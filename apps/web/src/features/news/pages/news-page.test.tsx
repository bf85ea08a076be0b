import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TNewsPost } from '@portal/contracts/families/publications';
import { failure, ok, openModulePage } from '../../../test/module-page.ts';
import { jsonResponse } from '../../../test/render.tsx';
import { newsPost, picture } from '../testing/fixtures.ts';

const newest = newsPost({
  id: 'n1',
  title: 'Robotics team wins the regional cup',
  titleAr: 'فريق الروبوتات يفوز بالكأس الإقليمية',
  summary: 'Our grade 9 team took first place.',
  summaryAr: 'حصل فريق الصف التاسع على المركز الأول.',
  body: 'Our grade 9 team took first place on Saturday.\n\nThe cup is on show in the library\nuntil the end of March.',
  bodyAr: 'حصل فريق الصف التاسع على المركز الأول يوم السبت.\n\nالكأس معروضة في المكتبة.',
  // 22:30 UTC on 8 March is 9 March at the school (Dubai).
  publishedAt: '2026-03-08T22:30:00Z',
  picture: picture('robotics', 'The team holding the cup', 'الفريق يحمل الكأس'),
});
const older = [
  newsPost({ id: 'n2', title: 'Book week', publishedAt: '2026-03-02T05:00:00Z' }),
  newsPost({ id: 'n3', title: 'Sports day', publishedAt: '2026-02-20T05:00:00Z' }),
];
const oldest = newsPost({ id: 'n4', title: 'Welcome back', publishedAt: '2026-01-05T05:00:00Z' });

/** The news in two pages: the first names the cursor of the second. */
function pagedNews(request: Request) {
  const cursor = new URL(request.url).searchParams.get('cursor');
  return cursor === 'c2'
    ? jsonResponse(200, { ...ok, items: [oldest], nextCursor: null })
    : jsonResponse(200, { ...ok, items: [newest, ...older], nextCursor: 'c2' });
}

const answerOf = (items: TNewsPost[]) => jsonResponse(200, { ...ok, items, nextCursor: null });

describe('the news page', { timeout: 15_000 }, () => {
  it('shows the newest post large, then cards, with responsive lazy pictures', async () => {
    const { api } = await openModulePage('/news', { '/v1/ppn/news': pagedNews });
    const hero = await screen.findByRole('heading', { level: 2, name: newest.title }, { timeout: 10_000 });
    const heroCard = hero.closest('article')!;
    expect(heroCard.textContent).toContain('9 March 2026');
    expect(heroCard.textContent).toContain('Our grade 9 team took first place.');
    const image = within(heroCard).getByRole('img', { name: 'The team holding the cup' });
    expect(image.getAttribute('srcset')).toBe(newest.picture?.srcSet);
    expect(image.getAttribute('src')).toBe('/media/mogra/robotics-480.webp');
    expect(image.getAttribute('sizes')).toContain('40rem');
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(image.getAttribute('decoding')).toBe('async');
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['1600', '900']);
    // The frame keeps its shape while the picture loads.
    expect(image.parentElement?.className).toContain('aspect-[16/9]');

    const earlier = screen.getByRole('region', { name: 'Earlier news' });
    expect(
      within(earlier)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Book week', 'Sports day']);
    const request = new URL(api.to('/v1/ppn/news')[0]!.url);
    expect(request.searchParams.get('pageSize')).toBe('10');
    expect(request.searchParams.get('cursor')).toBeNull();
  });

  it('opens a post whole in a dialog, its paragraphs kept, and gives the focus back on Escape', async () => {
    await openModulePage('/news', { '/v1/ppn/news': pagedNews });
    const open = await screen.findByRole('button', { name: 'Book week' }, { timeout: 10_000 });
    open.focus();
    fireEvent.click(open);
    const dialog = screen.getByRole('dialog', { name: 'Book week' });
    expect(document.activeElement).toBe(within(dialog).getByRole('heading', { name: 'Book week' }));
    const paragraphs = [...dialog.querySelectorAll('p')].map((p) => p.textContent);
    expect(paragraphs).toEqual(['Book week: the first paragraph.', 'The second paragraph.']);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(open);

    fireEvent.click(screen.getByRole('button', { name: newest.title }));
    const hero = screen.getByRole('dialog', { name: newest.title });
    const lines = [...hero.querySelectorAll('p')].map((p) => p.textContent);
    expect(lines).toEqual([
      'Our grade 9 team took first place on Saturday.',
      'The cup is on show in the library\nuntil the end of March.',
    ]);
    fireEvent.click(within(hero).getByRole('button', { name: 'Back to news' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('loads more with the cursor of the page before, until there is no more', async () => {
    const { api } = await openModulePage('/news', { '/v1/ppn/news': pagedNews });
    fireEvent.click(await screen.findByRole('button', { name: 'Show more news' }, { timeout: 10_000 }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Welcome back' })).toBeTruthy();
    expect(new URL(api.to('/v1/ppn/news')[1]!.url).searchParams.get('cursor')).toBe('c2');
    expect(screen.queryByRole('button', { name: 'Show more news' })).toBeNull();
    expect(screen.getByText('You have seen all the news.')).toBeTruthy();
    expect(screen.getByText('4 posts shown.')).toBeTruthy();
  });

  it('says when there is no news yet', async () => {
    await openModulePage('/news', { '/v1/ppn/news': () => answerOf([]) });
    expect(
      await screen.findByText(
        'No news yet. When the school publishes news, it appears here, newest first.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
  });

  it('shows the shape of the page while it loads, then why it failed and a way to try again', async () => {
    let release: (response: Response) => void = () => undefined;
    let failing = true;
    await openModulePage('/news', {
      '/v1/ppn/news': () =>
        failing ? new Promise<Response>((resolve) => (release = resolve)) : answerOf([newest]),
    });
    expect((await screen.findAllByTestId('news-skeleton', {}, { timeout: 10_000 })).length).toBe(4);
    release(failure(503, 'S503'));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The service is temporarily unavailable.',
    );
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: newest.title })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('speaks Arabic: the school’s Arabic text and picture text, English alone marked as English', async () => {
    await openModulePage('/news', { '/v1/ppn/news': pagedNews }, { lng: 'ar' });
    const hero = await screen.findByRole('heading', { level: 2, name: newest.titleAr }, { timeout: 10_000 });
    const card = hero.closest('article')!;
    expect(within(card).getByRole('img', { name: 'الفريق يحمل الكأس' })).toBeTruthy();
    expect(card.textContent).toContain('اقرأ المزيد');
    expect(screen.getByRole('heading', { name: 'أخبار سابقة' })).toBeTruthy();
    expect(screen.getByText('Book week').getAttribute('lang')).toBe('en');
    expect(screen.getByRole('button', { name: 'عرض المزيد من الأخبار' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: newest.titleAr }));
    const dialog = screen.getByRole('dialog', { name: newest.titleAr });
    expect(dialog.textContent).toContain('الكأس معروضة في المكتبة.');
    expect(within(dialog).getByRole('button', { name: 'العودة إلى الأخبار' })).toBeTruthy();
  });
});
