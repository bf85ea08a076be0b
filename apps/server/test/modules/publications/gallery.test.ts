import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAlbumAnswer, TAlbums } from '@portal/contracts/families/publications';
import { buildTestApp, signIn, type TTestApp } from '../../helper.ts';
import { applyFiles, csvOf, jpegOf, nowText } from './pictures-data.ts';

// The gallery (docs/modules.md F4): the whole school's albums and those of the classes of the
// parent's children, reached through the children's enrolments; an album of a class none of
// the parent's children is in, or not published, does not exist for the parent (404 N404).
describe('gallery', () => {
  let t: TTestApp;
  let mogra: Record<string, string>;
  let haddad: Record<string, string>;
  beforeAll(async () => {
    t = await buildTestApp();
    const bearer = async (username: string) => ({
      'client-id': 'mogra',
      authorization: `Bearer ${await signIn(t.app, 'mogra', username)}`,
    });
    mogra = await bearer('parent@mogra.demo');
    haddad = await bearer('family.haddad@mogra.demo');
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `/api/v1/ppn${url}`, headers });
  const albums = async (headers: Record<string, string>, query = '') => {
    const response = await get(`/gallery/albums${query}`, headers);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as TAlbums).items;
  };

  it("lists the whole school's albums and those of the parent's children's classes, naming the children", async () => {
    const items = await albums(mogra);
    expect(items.map((album) => album.id)).toEqual([
      'album-sports-day',
      'album-hr-02-C-reading',
      'album-hr-09-A-lab',
      'album-hr-06-B-art',
      'album-national-day',
    ]);
    const lab = items.find((album) => album.id === 'album-hr-09-A-lab');
    expect(lab).toMatchObject({
      className: 'Grade 9 A',
      classNameAr: 'الصف 9 أ',
      enrollNumbers: ['MG1001'],
      children: [{ enrollNumber: 'MG1001', childName: 'Omar Khalid Al Mansouri' }],
      photoCount: 5,
    });
    expect(lab?.cover?.alt).toBe('Setting up the burettes');
    expect(lab?.cover?.altAr).toBe('تجهيز السحّاحات');
    expect(lab?.cover?.srcSet).toContain('1200w');
    const school = items.find((album) => album.id === 'album-sports-day');
    expect(school).toMatchObject({
      className: null,
      classNameAr: null,
      enrollNumbers: [],
      children: [],
      photoCount: 5,
    });
  });

  it("filters by one of the parent's children, and refuses another family's child (403 A002)", async () => {
    const layla = await albums(mogra, '?enrollNumber=MG1002');
    expect(layla.map((album) => album.id)).toEqual([
      'album-sports-day',
      'album-hr-06-B-art',
      'album-national-day',
    ]);
    const other = await get('/gallery/albums?enrollNumber=MG2001', mogra);
    expect(other.statusCode).toBe(403);
    expect(other.json().messageId).toBe('A002');
  });

  it('shows a class album only to the families of the class (404 N404 to the others)', async () => {
    const theirs = await albums(haddad);
    expect(theirs.map((album) => album.id)).toEqual(['album-sports-day', 'album-national-day']);
    const refused = await get('/gallery/albums/album-hr-09-A-lab', haddad);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().messageId).toBe('N404');

    const answer = await get('/gallery/albums/album-hr-09-A-lab', mogra);
    expect(answer.statusCode).toBe(200);
    const { album, photos } = answer.json() as TAlbumAnswer;
    expect(album.enrollNumbers).toEqual(['MG1001']);
    expect(photos.map((photo) => photo.caption)).toEqual([
      'Setting up the burettes',
      'The moment the colour changes',
      'Recording the results',
      'Comparing with the other groups',
      'Cleaning up the lab',
    ]);
    expect(photos[1]?.captionAr).toBe('لحظة تغيّر اللون');
    expect(photos[1]?.picture.alt).toBe('The moment the colour changes');
    const picture = await t.app.inject({ method: 'GET', url: photos[0]?.picture.src ?? '' });
    expect(picture.statusCode).toBe(200);
  });

  it('keeps an album unpublished, and its photos, from every parent until its time', async () => {
    const photo = await jpegOf(1000, 700);
    const applied = await applyFiles(
      t.database.db,
      'mogra',
      new Map<string, string | Uint8Array>([
        [
          'gallery_albums.csv',
          csvOf('gallery_albums.csv', [
            {
              sourcedId: 'album-later',
              title_en: 'Trip',
              takenOn: '2026-11-02',
              publishedAt: nowText(86_400_000),
            },
            { sourcedId: 'album-draft', title_en: 'Draft', takenOn: '2026-11-02', publishedAt: '' },
          ]),
        ],
        [
          'gallery_photos.csv',
          csvOf('gallery_photos.csv', [
            { sourcedId: 'photo-later-1', albumSourcedId: 'album-later', image: 'trip.jpg', position: 1 },
            { sourcedId: 'photo-draft-1', albumSourcedId: 'album-draft', image: 'trip.jpg', position: 1 },
          ]),
        ],
        ['trip.jpg', photo],
      ]),
    );
    expect(applied.problems).toEqual([]);
    const ids = (await albums(mogra)).map((album) => album.id);
    expect(ids).not.toContain('album-later');
    expect(ids).not.toContain('album-draft');
    for (const id of ['album-later', 'album-draft']) {
      const response = await get(`/gallery/albums/${id}`, mogra);
      expect(response.statusCode, id).toBe(404);
    }
  });

  it('refuses photos of an unknown album and albums of an unknown class, naming row and column', async () => {
    const photo = await jpegOf(600, 400);
    const applied = await applyFiles(
      t.database.db,
      'mogra',
      new Map<string, string | Uint8Array>([
        [
          'gallery_albums.csv',
          csvOf('gallery_albums.csv', [
            {
              sourcedId: 'album-x',
              title_en: 'X',
              takenOn: '2026-11-02',
              publishedAt: nowText(),
              classSourcedId: 'hr-99-Z',
            },
          ]),
        ],
        [
          'gallery_photos.csv',
          csvOf('gallery_photos.csv', [
            { sourcedId: 'photo-x', albumSourcedId: 'album-nowhere', image: 'x.jpg', position: 1 },
          ]),
        ],
        ['x.jpg', photo],
      ]),
    );
    expect(applied.problems.map((problem) => `${problem.file}:${problem.row}:${problem.column}`)).toEqual([
      'gallery_albums.csv:2:classSourcedId',
    ]);
    // Once the albums are right, the photos are checked too.
    const photos = await applyFiles(
      t.database.db,
      'mogra',
      new Map<string, string | Uint8Array>([
        [
          'gallery_photos.csv',
          csvOf('gallery_photos.csv', [
            { sourcedId: 'photo-x', albumSourcedId: 'album-nowhere', image: 'x.jpg', position: 1 },
          ]),
        ],
        ['x.jpg', photo],
      ]),
    );
    expect(photos.problems.map((problem) => `${problem.row}:${problem.column}`)).toEqual([
      '2:albumSourcedId',
    ]);
    const position = await applyFiles(
      t.database.db,
      'mogra',
      new Map<string, string | Uint8Array>([
        [
          'gallery_photos.csv',
          csvOf('gallery_photos.csv', [
            { sourcedId: 'photo-y', albumSourcedId: 'album-sports-day', image: 'x.jpg', position: -2 },
            { sourcedId: 'photo-z', albumSourcedId: 'album-sports-day', image: '', position: 3 },
          ]),
        ],
        ['x.jpg', photo],
      ]),
    );
    expect(position.problems.map((problem) => `${problem.row}:${problem.column}`)).toEqual([
      '2:position',
      '3:image',
    ]);
  });
});
