import { z } from 'zod';
import { ZApiResult } from '../api-result.ts';
import { endpoint } from '../endpoint.ts';
import { ZEnrollNumber, ZEnrollQuery } from '../fees.ts';
import { ZAttachment, ZAttachmentIds } from '../kits/attachments.ts';
import { ZDay, ZInstant, ZInstantInput } from '../kits/dates.ts';
import { NOTIFICATION_CATEGORIES } from '../kits/inbox.ts';
import { ZNextCursor, ZPageQuery } from '../kits/paging.ts';
import { REQUEST_STATUSES } from '../kits/requests.ts';

/**
 * Publications and the inbox (F4, docs/decisions/021-publications-and-inbox.md): circulars and
 * their library, news, the gallery, school policies, exam material, class ambassadors, threads
 * with the staff of a child, and the archive of the mail the portal sent. School text comes in
 * pairs: the English field, and the Arabic one with the suffix `Ar` ('' when the school gave
 * none). Every item about a child names the child.
 */

/** The longest message body (longer: 400 `V001`). */
export const MAX_MESSAGE_LENGTH = 5_000;
/** The longest thread subject. */
export const MAX_SUBJECT_LENGTH = 200;
/** Messages a parent may send in an hour, over every thread (more: 429 `L006`). */
export const MESSAGES_PER_HOUR = 20;
/** The longest search of the circular library. */
export const MAX_SEARCH_LENGTH = 100;
/** Children one acknowledgement may name. */
export const MAX_ACK_CHILDREN = 10;

const ZId = z.string().min(1).max(128);
export const ZIdParams = z.object({ id: ZId });

/** A file a publication carries; `path` downloads it (under /api/v1/ppn, with the session). */
export const ZPublicationFile = z.object({
  id: z.string(),
  fileName: z.string(),
  sizeBytes: z.number().int().positive(),
  path: z.string(),
});
export type TPublicationFile = z.infer<typeof ZPublicationFile>;

/**
 * A picture in the widths it is served in: `src` is the smallest, `srcSet` lists every width
 * (`<url> <width>w`), so the browser picks one for the screen. Its address needs no session.
 */
export const ZPicture = z.object({
  src: z.string(),
  srcSet: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  alt: z.string(),
  altAr: z.string(),
});
export type TPicture = z.infer<typeof ZPicture>;

/** One of the parent's children a publication is addressed to, and whether it is acknowledged. */
export const ZChildAcknowledgement = z.object({
  enrollNumber: ZEnrollNumber,
  childName: z.string(),
  /** The first acknowledgement for this child; null while not acknowledged. */
  acknowledgedAt: ZInstant.nullable(),
  /** `you`, or `otherParent` when the child's other parent acknowledged first; null while none. */
  acknowledgedBy: z.enum(['you', 'otherParent']).nullable(),
});
export type TChildAcknowledgement = z.infer<typeof ZChildAcknowledgement>;

export const ZAcknowledgeBody = z.object({
  enrollNumbers: z.array(ZEnrollNumber).min(1).max(MAX_ACK_CHILDREN),
});

// ---------------------------------------------------------------- circulars

export const ZCircular = z.object({
  id: z.string(),
  title: z.string(),
  titleAr: z.string(),
  body: z.string(),
  bodyAr: z.string(),
  publishedAt: ZInstant,
  requiresAck: z.boolean(),
  /** The last day to acknowledge; null: no deadline. */
  ackBy: ZDay.nullable(),
  /** Past its deadline with a child not acknowledged. */
  overdue: z.boolean(),
  /** The parent's children it is addressed to, each with its acknowledgement. */
  children: z.array(ZChildAcknowledgement),
  files: z.array(ZPublicationFile),
});
export type TCircular = z.infer<typeof ZCircular>;

export const ZCircularsQuery = ZPageQuery.extend({
  /** `1`: only those waiting for an acknowledgement of one of the children. */
  unacknowledged: z.enum(['1', '0']).optional(),
  enrollNumber: ZEnrollNumber.optional(),
});

export const ZCirculars = ZApiResult.extend({
  items: z.array(ZCircular),
  /** Circulars waiting for the parent's acknowledgement, whatever the filters. */
  toAcknowledge: z.number().int().nonnegative(),
  nextCursor: ZNextCursor,
});
export type TCirculars = z.infer<typeof ZCirculars>;

export const ZCircularAnswer = ZApiResult.extend({ item: ZCircular });

export const ZCircularRepositoryQuery = ZPageQuery.extend({
  q: z.string().trim().max(MAX_SEARCH_LENGTH).optional(),
  year: z.coerce.number().int().min(2000).max(2100).optional(),
});

export const ZCircularRepository = ZApiResult.extend({
  items: z.array(ZCircular),
  /** The years (of publication) that hold circulars for the family, newest first. */
  years: z.array(z.number().int()),
  nextCursor: ZNextCursor,
});
export type TCircularRepository = z.infer<typeof ZCircularRepository>;

export const ZHistoryPdfQuery = z.object({ lng: z.enum(['en', 'ar']).optional() });

// ---------------------------------------------------------------- news and gallery

export const ZNewsPost = z.object({
  id: z.string(),
  title: z.string(),
  titleAr: z.string(),
  summary: z.string(),
  summaryAr: z.string(),
  body: z.string(),
  bodyAr: z.string(),
  publishedAt: ZInstant,
  picture: ZPicture.nullable(),
});
export type TNewsPost = z.infer<typeof ZNewsPost>;

export const ZNews = ZApiResult.extend({ items: z.array(ZNewsPost), nextCursor: ZNextCursor });
export type TNews = z.infer<typeof ZNews>;

export const ZAlbum = z.object({
  id: z.string(),
  title: z.string(),
  titleAr: z.string(),
  description: z.string(),
  descriptionAr: z.string(),
  takenOn: ZDay,
  /** The class it is of (a child's class); null: the whole school. */
  className: z.string().nullable(),
  classNameAr: z.string().nullable(),
  /** The parent's children in that class (empty for the whole school's albums). */
  enrollNumbers: z.array(ZEnrollNumber),
  /** Those children named, for the album's chips (every item about a child names the child). */
  children: z.array(z.object({ enrollNumber: ZEnrollNumber, childName: z.string() })).default([]),
  cover: ZPicture.nullable(),
  photoCount: z.number().int().nonnegative(),
});
export type TAlbum = z.infer<typeof ZAlbum>;

export const ZAlbumsQuery = z.object({ enrollNumber: ZEnrollNumber.optional() });
export const ZAlbums = ZApiResult.extend({ items: z.array(ZAlbum) });
export type TAlbums = z.infer<typeof ZAlbums>;

export const ZPhoto = z.object({
  id: z.string(),
  picture: ZPicture,
  caption: z.string(),
  captionAr: z.string(),
});
export type TPhoto = z.infer<typeof ZPhoto>;

export const ZAlbumAnswer = ZApiResult.extend({ album: ZAlbum, photos: z.array(ZPhoto) });
export type TAlbumAnswer = z.infer<typeof ZAlbumAnswer>;

// ---------------------------------------------------------------- policies and exam material

export const ZPolicy = z.object({
  id: z.string(),
  version: z.string(),
  title: z.string(),
  titleAr: z.string(),
  summary: z.string(),
  summaryAr: z.string(),
  effectiveOn: ZDay.nullable(),
  publishedAt: ZInstant,
  file: ZPublicationFile.nullable(),
  requiresAck: z.boolean(),
  /** Acknowledgements of this version, per child (every child of the family). */
  children: z.array(ZChildAcknowledgement),
  /**
   * True when a child of the family acknowledged an earlier version of the policy and this one
   * waits: the page says "New version". Left out when the server does not say.
   */
  earlierVersionAcknowledged: z.boolean().optional(),
});
export type TPolicy = z.infer<typeof ZPolicy>;

export const ZPolicies = ZApiResult.extend({ items: z.array(ZPolicy) });
export type TPolicies = z.infer<typeof ZPolicies>;
export const ZPolicyAnswer = ZApiResult.extend({ item: ZPolicy });

export const EXAM_MATERIAL_KINDS = ['syllabus', 'revision', 'pastPaper'] as const;

export const ZExamMaterial = z.object({
  id: z.string(),
  kind: z.enum(EXAM_MATERIAL_KINDS),
  subject: z.string(),
  subjectAr: z.string(),
  title: z.string(),
  titleAr: z.string(),
  termId: z.string().nullable(),
  publishedAt: ZInstant,
  file: ZPublicationFile,
});
export type TExamMaterial = z.infer<typeof ZExamMaterial>;

export const ZExamMaterialsQuery = ZEnrollQuery.extend({ term: ZId.optional() });

export const ZExamMaterials = ZApiResult.extend({
  items: z.array(ZExamMaterial),
  /** The terms of the school year that hold material for the child's grade. */
  terms: z.array(z.object({ id: z.string(), name: z.string(), nameAr: z.string() })),
});
export type TExamMaterials = z.infer<typeof ZExamMaterials>;

// ---------------------------------------------------------------- ambassadors

export const ZAmbassador = z.object({
  id: z.string(),
  name: z.string(),
  nameAr: z.string(),
  role: z.enum(['ambassador', 'deputy']),
  email: z.string(),
  sinceOn: ZDay.nullable(),
  /** The parent signed in is this ambassador. */
  isYou: z.boolean(),
});
export type TAmbassador = z.infer<typeof ZAmbassador>;

export const ZAmbassadorApplication = z.object({
  id: z.string(),
  status: z.enum(REQUEST_STATUSES),
  createdAt: ZInstant,
  motivation: z.string(),
});
export type TAmbassadorApplication = z.infer<typeof ZAmbassadorApplication>;

export const ZAmbassadors = ZApiResult.extend({
  /** The child's homeroom class; null when the child has none. */
  className: z.string().nullable(),
  classNameAr: z.string().nullable(),
  items: z.array(ZAmbassador),
  /** The parent's applications for this child's class. */
  applications: z.array(ZAmbassadorApplication),
});
export type TAmbassadors = z.infer<typeof ZAmbassadors>;

export const MAX_MOTIVATION_LENGTH = 2_000;
export const ZAmbassadorApplyBody = z.object({
  enrollNumber: ZEnrollNumber,
  motivation: z.string().trim().min(1).max(MAX_MOTIVATION_LENGTH),
});
export const ZAmbassadorApplyAnswer = ZApiResult.extend({ application: ZAmbassadorApplication });

// ---------------------------------------------------------------- threads

/** A staff member a parent may write to about a child (teaching or caring for the child). */
export const ZThreadContact = z.object({
  id: z.string(),
  name: z.string(),
  nameAr: z.string(),
  /** What they are to the child (`Class teacher`, `Mathematics`, `Counsellor`). */
  title: z.string(),
  titleAr: z.string(),
});
export type TThreadContact = z.infer<typeof ZThreadContact>;

export const ZThreadContacts = ZApiResult.extend({ items: z.array(ZThreadContact) });

export const ZThread = z.object({
  id: z.uuid(),
  enrollNumber: ZEnrollNumber,
  childName: z.string(),
  staff: ZThreadContact,
  subject: z.string(),
  status: z.enum(['open', 'closed']),
  createdAt: ZInstant,
  lastMessageAt: ZInstant,
  /** The first characters of the last message. */
  preview: z.string(),
  /** Messages from the school the parent has not read. */
  unread: z.number().int().nonnegative(),
});
export type TThread = z.infer<typeof ZThread>;

export const ZThreadMessage = z.object({
  seq: z.number().int().positive(),
  author: z.enum(['parent', 'staff']),
  authorName: z.string(),
  /** The author's name in Arabic ('' when the school gave none). */
  authorNameAr: z.string(),
  body: z.string(),
  at: ZInstant,
  attachments: z.array(ZAttachment),
});
export type TThreadMessage = z.infer<typeof ZThreadMessage>;

export const ZThreadsQuery = ZPageQuery.extend({ enrollNumber: ZEnrollNumber.optional() });

export const ZThreads = ZApiResult.extend({
  items: z.array(ZThread),
  /** Unread messages over every thread of the parent. */
  unread: z.number().int().nonnegative(),
  nextCursor: ZNextCursor,
});
export type TThreads = z.infer<typeof ZThreads>;

export const ZThreadAnswer = ZApiResult.extend({ thread: ZThread, messages: z.array(ZThreadMessage) });
export type TThreadAnswer = z.infer<typeof ZThreadAnswer>;

const ZMessageBody = z.string().trim().min(1).max(MAX_MESSAGE_LENGTH);

export const ZNewThreadBody = z.object({
  enrollNumber: ZEnrollNumber,
  staffId: ZId,
  subject: z.string().trim().min(1).max(MAX_SUBJECT_LENGTH),
  body: ZMessageBody,
  attachmentIds: ZAttachmentIds.default([]),
});

export const ZNewMessageBody = z.object({ body: ZMessageBody, attachmentIds: ZAttachmentIds.default([]) });

// ---------------------------------------------------------------- email archive

export const ZArchivedEmail = z.object({
  id: z.uuid(),
  kind: z.enum(['notice', 'digest']),
  category: z.enum(NOTIFICATION_CATEGORIES).nullable(),
  to: z.string(),
  subject: z.string(),
  /** The first characters of the text. */
  preview: z.string(),
  language: z.enum(['en', 'ar']),
  sentAt: ZInstant,
});
export type TArchivedEmail = z.infer<typeof ZArchivedEmail>;

export const ZEmailArchiveQuery = ZPageQuery.extend({
  q: z.string().trim().max(MAX_SEARCH_LENGTH).optional(),
});
export const ZEmailArchive = ZApiResult.extend({ items: z.array(ZArchivedEmail), nextCursor: ZNextCursor });
export type TEmailArchive = z.infer<typeof ZEmailArchive>;

/** One mail in full: its text, as sent (the page shows the text, not the HTML). */
export const ZArchivedEmailAnswer = ZApiResult.extend({
  email: ZArchivedEmail.extend({ text: z.string() }),
});
export type TArchivedEmailAnswer = z.infer<typeof ZArchivedEmailAnswer>;

// ---------------------------------------------------------------- the parent API

export const publicationEndpoints = {
  circulars: endpoint({
    method: 'GET',
    path: '/circulars',
    module: 'circulars',
    query: ZCircularsQuery,
    response: ZCirculars,
  }),
  acknowledgeCircular: endpoint({
    method: 'POST',
    path: '/circulars/:id/acknowledge',
    module: 'circulars',
    params: ZIdParams,
    body: ZAcknowledgeBody,
    response: ZCircularAnswer,
  }),
  circularRepository: endpoint({
    method: 'GET',
    path: '/circular-repository',
    module: 'circularRepository',
    query: ZCircularRepositoryQuery,
    response: ZCircularRepository,
  }),
  news: endpoint({ method: 'GET', path: '/news', module: 'news', query: ZPageQuery, response: ZNews }),
  albums: endpoint({
    method: 'GET',
    path: '/gallery/albums',
    module: 'gallery',
    query: ZAlbumsQuery,
    response: ZAlbums,
  }),
  album: endpoint({
    method: 'GET',
    path: '/gallery/albums/:id',
    module: 'gallery',
    params: ZIdParams,
    response: ZAlbumAnswer,
  }),
  policies: endpoint({ method: 'GET', path: '/policies', module: 'schoolPolicies', response: ZPolicies }),
  acknowledgePolicy: endpoint({
    method: 'POST',
    path: '/policies/:id/acknowledge',
    module: 'schoolPolicies',
    params: ZIdParams,
    body: ZAcknowledgeBody,
    response: ZPolicyAnswer,
  }),
  examMaterials: endpoint({
    method: 'GET',
    path: '/exam-materials',
    module: 'examMaterial',
    query: ZExamMaterialsQuery,
    response: ZExamMaterials,
  }),
  ambassadors: endpoint({
    method: 'GET',
    path: '/ambassadors',
    module: 'ambassador',
    query: ZEnrollQuery,
    response: ZAmbassadors,
  }),
  applyAmbassador: endpoint({
    method: 'POST',
    path: '/ambassadors/apply',
    module: 'ambassador',
    body: ZAmbassadorApplyBody,
    response: ZAmbassadorApplyAnswer,
    created: true,
  }),
  threads: endpoint({
    method: 'GET',
    path: '/threads',
    module: 'communication',
    query: ZThreadsQuery,
    response: ZThreads,
  }),
  threadContacts: endpoint({
    method: 'GET',
    path: '/threads/contacts',
    module: 'communication',
    query: ZEnrollQuery,
    response: ZThreadContacts,
  }),
  thread: endpoint({
    method: 'GET',
    path: '/threads/:id',
    module: 'communication',
    params: ZIdParams,
    response: ZThreadAnswer,
  }),
  newThread: endpoint({
    method: 'POST',
    path: '/threads',
    module: 'communication',
    body: ZNewThreadBody,
    response: ZThreadAnswer,
    created: true,
  }),
  newMessage: endpoint({
    method: 'POST',
    path: '/threads/:id/messages',
    module: 'communication',
    params: ZIdParams,
    body: ZNewMessageBody,
    response: ZThreadAnswer,
    created: true,
  }),
  readThread: endpoint({
    method: 'POST',
    path: '/threads/:id/read',
    module: 'communication',
    params: ZIdParams,
    response: ZThreadAnswer,
  }),
  emailArchive: endpoint({
    method: 'GET',
    path: '/email-archive',
    module: 'email',
    query: ZEmailArchiveQuery,
    response: ZEmailArchive,
  }),
  archivedEmail: endpoint({
    method: 'GET',
    path: '/email-archive/:id',
    module: 'email',
    params: ZIdParams,
    response: ZArchivedEmailAnswer,
  }),
};

/**
 * Files the parent API serves as they are (not JSON), each behind its module's grant: a
 * circular's or policy's or exam material's PDF, and the acknowledgement history.
 */
export const PUBLICATION_FILE_PATHS = {
  circularFile: '/circulars/:id/files/:fileId',
  policyFile: '/policies/:id/file',
  examMaterialFile: '/exam-materials/:id/file',
  acknowledgementHistory: '/acknowledgements/history.pdf',
} as const;

// ---------------------------------------------------------------- the staff API (/api/v1/staff)

export const ZStaffCircularBody = z.object({
  title_en: z.string().trim().min(1).max(200),
  title_ar: z.string().trim().max(200).default(''),
  body_en: z.string().trim().min(1).max(20_000),
  body_ar: z.string().trim().max(20_000).default(''),
  audience: z
    .object({
      grades: z.array(z.string().min(1).max(32)).max(50).default([]),
      /** `<grade>-<section>`, e.g. `9-A`. */
      sections: z.array(z.string().min(1).max(65)).max(200).default([]),
      enrollNumbers: z.array(ZEnrollNumber).max(5_000).default([]),
    })
    .default({ grades: [], sections: [], enrollNumbers: [] }),
  requiresAck: z.boolean().default(false),
  ackBy: ZDay.nullable().optional(),
  /** When parents may see it; now when not given. */
  publishAt: ZInstantInput.optional(),
  /** The staff member publishing it, kept in the audit. */
  staffId: ZId.optional(),
});

export const ZStaffCircularAnswer = ZApiResult.extend({
  circular: z.object({
    id: z.string(),
    publishedAt: ZInstant,
    /** Children it reaches, resolved from the audience. */
    recipients: z.number().int().nonnegative(),
  }),
});

export const ZStaffAcknowledgements = ZApiResult.extend({
  circularId: z.string(),
  requiresAck: z.boolean(),
  ackBy: ZDay.nullable(),
  recipients: z.number().int().nonnegative(),
  acknowledged: z.number().int().nonnegative(),
  items: z.array(
    z.object({
      enrollNumber: ZEnrollNumber,
      childName: z.string(),
      acknowledgedAt: ZInstant.nullable(),
      /** The parent who acknowledged; null while not acknowledged. */
      parentId: z.string().nullable(),
    }),
  ),
});

export const ZStaffMessageBody = z.object({
  body: ZMessageBody,
  /** The staff member writing; the thread's own staff member when not given. */
  staffId: ZId.optional(),
  /** Closes the thread after this message (no more messages: 409 `M001`). */
  close: z.boolean().default(false),
});

export const ZStaffMessageAnswer = ZApiResult.extend({
  threadId: z.uuid(),
  message: ZThreadMessage.omit({ attachments: true }),
});

export const ZStaffThreadsQuery = ZPageQuery.extend({
  /** The staff member whose threads to list. */
  staffId: ZId,
  /** `1`: only threads with a parent's message the staff side has not read. */
  unread: z.enum(['1', '0']).optional(),
});

/** A thread as the staff side sees it: the parent, the child and what the staff side has not read. */
export const ZStaffThread = z.object({
  id: z.uuid(),
  enrollNumber: ZEnrollNumber,
  childName: z.string(),
  parentId: z.string(),
  parentName: z.string(),
  staffId: z.string(),
  subject: z.string(),
  status: z.enum(['open', 'closed']),
  createdAt: ZInstant,
  lastMessageAt: ZInstant,
  preview: z.string(),
  /** Messages from the parent the staff side has not read. */
  unread: z.number().int().nonnegative(),
});

export const ZStaffThreads = ZApiResult.extend({ items: z.array(ZStaffThread), nextCursor: ZNextCursor });

export const ZStaffThreadAnswer = ZApiResult.extend({
  thread: ZStaffThread,
  messages: z.array(ZThreadMessage),
});
