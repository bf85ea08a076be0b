import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TAlbum } from '@portal/contracts/families/publications';
import { failure, ok, openModulePage } from '../../../test/module-page.ts';
import { jsonResponse } from '../../../test/render.tsx';
import { album, photo, picture } from '../testing/fixtures.ts';

const classAlbum = album({
  id: 'a1',
  title: 'Science fair',
  titleAr: 'معرض العلوم',
  description: 'Projects of class 9 A.',
  takenOn: '2026-03-04',
  className: 'Class 9 A',
  classNameAr: 'الصف 9 أ',
  enrollNumbers: ['E100'],
  children: [{ enrollNumber: 'E100', childName: 'Omar Ahmed' }],
  cover: picture('fair', 'Pupils at their stands', 'الطلاب عند أجنحتهم'),
  photoCount: 3,
});
const schoolAlbum = album({ id: 'a2', title: 'National Day', takenOn: '2025-12-02', photoCount: 1 });
const photos = [photo(1, 'The volcano', 'البركان'), photo(2), photo(3, 'Prize giving', 'توزيع الجوائز')];

const albumsAnswer = (items: TAlbum[]) => jsonResponse(200, { ...ok, items });
const handlers = {
  '/v1/ppn/gallery/albums': (request: Request) =>
    albumsAnswer(
      new URL(request.url).searchParams.get('enrollNumber') === 'E100'
        ? [classAlbum]
        : [schoolAlbum, classAlbum],
    ),
  '/v1/ppn/gallery/albums/a1': () => jsonResponse(200, { ...ok, album: classAlbum, photos }),
};

const cardOf = (name: string) => screen.getByRole('link', { name }).closest('article')!;

describe('the gallery page', { timeout: 15_000 }, () => {
  it('lists the albums newest first: cover, title, day, class or whole school, children, photo count', async () => {
    const { api } = await openModulePage('/gallery', handlers);
    const albums = await screen.findByRole('list', { name: 'Albums' }, { timeout: 10_000 });
    expect(
      within(albums)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Science fair', 'National Day']);
    const fair = cardOf('Science fair');
    expect(fair.textContent).toContain('4 March 2026');
    expect(fair.textContent).toContain('Class 9 A');
    expect(fair.textContent).toContain('3 photos');
    expect(within(fair).getByRole('list', { name: 'Your children in it' }).textContent).toBe('Omar Ahmed');
    const cover = within(fair).getByRole('img', { name: 'Pupils at their stands' });
    expect(cover.getAttribute('loading')).toBe('lazy');
    expect(cover.getAttribute('srcset')).toContain('960w');
    const day = cardOf('National Day');
    expect(day.textContent).toContain('Whole school');
    expect(day.textContent).toContain('1 photo');
    expect(new URL(api.to('/v1/ppn/gallery/albums')[0]!.url).searchParams.get('enrollNumber')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Omar Ahmed' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'National Day' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Omar Ahmed' }).getAttribute('aria-pressed')).toBe('true');
    expect(new URL(api.to('/v1/ppn/gallery/albums')[1]!.url).searchParams.get('enrollNumber')).toBe('E100');
  });

  it('opens an album, then its photos in a viewer moved with buttons and arrow keys', async () => {
    const { location } = await openModulePage('/gallery', handlers);
    fireEvent.click(await screen.findByRole('link', { name: 'Science fair' }, { timeout: 10_000 }));
    expect(location()).toBe('/gallery?album=a1');
    const title = await screen.findByRole('heading', { level: 2, name: 'Science fair' });
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(screen.getByText('Projects of class 9 A.')).toBeTruthy();
    const grid = screen.getByRole('list', { name: 'Science fair' });
    expect(
      within(grid)
        .getAllByRole('figure')
        .map((figure) => figure.textContent),
    ).toEqual(['View photo 1 of 3: The volcano', 'View photo 2 of 3: ', 'View photo 3 of 3: Prize giving']);

    const second = within(grid).getByRole('button', { name: /View photo 2 of 3/ });
    second.focus();
    fireEvent.click(second);
    const viewer = screen.getByRole('dialog', { name: 'Science fair' });
    expect(viewer.textContent).toContain('2 of 3');
    expect(within(viewer).getByRole('img', { name: 'Photo 2 of the day' })).toBeTruthy();
    fireEvent.keyDown(viewer, { key: 'ArrowRight' });
    expect(viewer.textContent).toContain('3 of 3');
    expect(within(viewer).getByText('Prize giving')).toBeTruthy();
    // The last photo: no further.
    fireEvent.keyDown(viewer, { key: 'ArrowRight' });
    expect(viewer.textContent).toContain('3 of 3');
    expect(within(viewer).getByRole('button', { name: 'Next photo' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    fireEvent.click(within(viewer).getByRole('button', { name: 'Previous photo' }));
    fireEvent.keyDown(viewer, { key: 'ArrowLeft' });
    expect(viewer.textContent).toContain('1 of 3');
    expect(within(viewer).getByText('The volcano')).toBeTruthy();
    fireEvent.keyDown(viewer, { key: 'End' });
    expect(viewer.textContent).toContain('3 of 3');
    fireEvent.keyDown(viewer, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    // The focus is on the photo last seen.
    expect(document.activeElement).toBe(within(grid).getByRole('button', { name: /View photo 3 of 3/ }));

    fireEvent.click(screen.getByRole('link', { name: 'All albums' }));
    expect(location()).toBe('/gallery');
    const card = await screen.findByRole('link', { name: 'Science fair' });
    await waitFor(() => expect(document.activeElement).toBe(card));
  });

  it('opens the album of the address directly, and mirrors the arrow keys in Arabic', async () => {
    await openModulePage('/gallery?album=a1', handlers, { lng: 'ar' });
    expect(
      await screen.findByRole('heading', { level: 2, name: 'معرض العلوم' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getByText('الصف 9 أ')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'جميع الألبومات' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /عرض الصورة 1 من 3/ }));
    const viewer = screen.getByRole('dialog', { name: 'معرض العلوم' });
    expect(viewer.textContent).toContain('1 من 3');
    expect(within(viewer).getByRole('img', { name: 'الصورة 1' })).toBeTruthy();
    expect(within(viewer).getByText('البركان')).toBeTruthy();
    // Right to left: the left arrow goes on, the right arrow back.
    fireEvent.keyDown(viewer, { key: 'ArrowLeft' });
    expect(viewer.textContent).toContain('2 من 3');
    fireEvent.keyDown(viewer, { key: 'ArrowRight' });
    expect(viewer.textContent).toContain('1 من 3');
    fireEvent.click(within(viewer).getByRole('button', { name: 'الصورة التالية' }));
    expect(viewer.textContent).toContain('2 من 3');
    fireEvent.click(within(viewer).getByRole('button', { name: 'إغلاق العارض' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says when there are no albums yet', async () => {
    await openModulePage('/gallery', { '/v1/ppn/gallery/albums': () => albumsAnswer([]) });
    expect(
      await screen.findByText(/^No albums yet\. When the school shares photos/, {}, { timeout: 10_000 }),
    ).toBeTruthy();
  });

  it('says why an album of the address cannot be shown, with the way back to every album', async () => {
    await openModulePage('/gallery?album=gone', {
      '/v1/ppn/gallery/albums/gone': () => failure(404, 'N404'),
    });
    expect((await screen.findByRole('alert', {}, { timeout: 10_000 })).textContent).toContain(
      'We could not find what you asked for.',
    );
    expect(screen.getByRole('link', { name: 'All albums' })).toBeTruthy();
  });

  it('shows the shape of the grid while it loads, then why it failed and a way to try again', async () => {
    let release: (response: Response) => void = () => undefined;
    let failing = true;
    await openModulePage('/gallery', {
      '/v1/ppn/gallery/albums': () =>
        failing ? new Promise<Response>((resolve) => (release = resolve)) : albumsAnswer([schoolAlbum]),
    });
    expect((await screen.findAllByTestId('album-card-skeleton', {}, { timeout: 10_000 })).length).toBe(3);
    release(failure(500, 'S500'));
    const retry = await screen.findByRole('button', { name: 'Try again' });
    failing = false;
    fireEvent.click(retry);
    expect(await screen.findByRole('link', { name: 'National Day' })).toBeTruthy();
  });
});
