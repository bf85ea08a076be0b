import type {
  TAlbum,
  TAmbassador,
  TAmbassadorApplication,
  TNewsPost,
  TPhoto,
  TPicture,
} from '@portal/contracts/families/publications';

// Answers of the news, gallery and ambassador pages, shaped by the contract
// (packages/contracts/src/families/publications.ts).

/** A picture served at three widths, as the server offers them. */
export function picture(name: string, alt: string, altAr = ''): TPicture {
  const url = (width: number) => `/media/mogra/${name}-${width}.webp`;
  return {
    src: url(480),
    srcSet: `${url(480)} 480w, ${url(960)} 960w, ${url(1600)} 1600w`,
    width: 1600,
    height: 900,
    alt,
    altAr,
  };
}

export function newsPost(overrides: Partial<TNewsPost> & Pick<TNewsPost, 'id' | 'title'>): TNewsPost {
  return {
    titleAr: '',
    summary: `${overrides.title}: the summary.`,
    summaryAr: '',
    body: `${overrides.title}: the first paragraph.\n\nThe second paragraph.`,
    bodyAr: '',
    publishedAt: '2026-03-09T05:00:00Z',
    picture: null,
    ...overrides,
  };
}

export function album(overrides: Partial<TAlbum> & Pick<TAlbum, 'id' | 'title'>): TAlbum {
  return {
    titleAr: '',
    description: '',
    descriptionAr: '',
    takenOn: '2026-03-02',
    className: null,
    classNameAr: null,
    enrollNumbers: [],
    children: [],
    cover: null,
    photoCount: 0,
    ...overrides,
  };
}

export function photo(index: number, caption = '', captionAr = ''): TPhoto {
  return {
    id: `p${index}`,
    picture: picture(`photo-${index}`, `Photo ${index} of the day`, `الصورة ${index}`),
    caption,
    captionAr,
  };
}

export function ambassador(overrides: Partial<TAmbassador> & Pick<TAmbassador, 'id' | 'name'>): TAmbassador {
  return { nameAr: '', role: 'ambassador', email: '', sinceOn: null, isYou: false, ...overrides };
}

export function application(
  overrides: Partial<TAmbassadorApplication> & Pick<TAmbassadorApplication, 'id' | 'status'>,
): TAmbassadorApplication {
  return { createdAt: '2026-02-01T06:00:00Z', motivation: 'I can help with class events.', ...overrides };
}
