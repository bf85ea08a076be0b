import { and, desc, eq, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { TArchivedEmail } from '@portal/contracts/families/publications';
import type { TNotificationCategory } from '@portal/contracts/kits/inbox';
import type { TDatabase } from '../../db/client.ts';
import { emailArchive } from '../../db/schema/index.ts';
import { instantText, type TCursor } from '../../kits/cursor.ts';

// The archive of the mail the portal sent a parent (docs/decisions/021-publications-and-inbox.md),
// as the parent reads it: the inbox's mail job writes every notice and digest it sends
// (inbox/mail-archive.ts); sign-in, registration and reset codes are never kept.

type TOwner = { schoolId: string; parentId: string };

/** The characters of a mail's text a list shows. */
const PREVIEW_LENGTH = 160;

/** The text's start, on one line. */
const previewOf = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > PREVIEW_LENGTH ? `${line.slice(0, PREVIEW_LENGTH - 1)}…` : line;
};

const ofParent = (owner: TOwner) =>
  and(eq(emailArchive.schoolId, owner.schoolId), eq(emailArchive.parentId, owner.parentId));

const sentAtText = instantText(emailArchive.sentAt);

/** `%`, `_` and `\` stand for themselves in a search. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function toArchived(row: typeof emailArchive.$inferSelect, preview: string): TArchivedEmail {
  return {
    id: row.emailId,
    kind: row.kind === 'digest' ? 'digest' : 'notice',
    category: (row.category as TNotificationCategory | null) ?? null,
    to: row.toAddress,
    subject: row.subject,
    preview,
    language: row.language === 'ar' ? 'ar' : 'en',
    sentAt: row.sentAt.toISOString(),
  };
}

/** A page of the parent's mail, newest first, optionally those whose subject or text holds `q`. */
export async function archivePage(
  db: TDatabase,
  owner: TOwner,
  q: string | undefined,
  pageSize: number,
  after: TCursor | null,
): Promise<{ items: TArchivedEmail[]; next: TCursor | null }> {
  const search = q ? likePattern(q) : null;
  const conditions: (SQL | undefined)[] = [
    ofParent(owner),
    search ? or(ilike(emailArchive.subject, search), ilike(emailArchive.text, search)) : undefined,
    after
      ? or(
          lt(emailArchive.sentAt, sql`${after.at}::timestamptz`),
          and(eq(emailArchive.sentAt, sql`${after.at}::timestamptz`), lt(emailArchive.emailId, after.id)),
        )
      : undefined,
  ];
  const rows = await db
    .select({
      row: {
        schoolId: emailArchive.schoolId,
        emailId: emailArchive.emailId,
        parentId: emailArchive.parentId,
        kind: emailArchive.kind,
        category: emailArchive.category,
        toAddress: emailArchive.toAddress,
        subject: emailArchive.subject,
        language: emailArchive.language,
        sentAt: emailArchive.sentAt,
      },
      start: sql<string>`left(${emailArchive.text}, ${PREVIEW_LENGTH * 2})`,
      sentAtText,
    })
    .from(emailArchive)
    .where(and(...conditions))
    .orderBy(desc(emailArchive.sentAt), desc(emailArchive.emailId))
    .limit(pageSize + 1);
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  return {
    items: page.map(({ row, start }) => toArchived({ ...row, text: '', html: '' }, previewOf(start))),
    next: rows.length > pageSize && last ? { at: last.sentAtText, id: last.row.emailId } : null,
  };
}

/** True when a mail of this id was sent to anyone, of any school. */
export async function mailExists(db: TDatabase, emailId: string): Promise<boolean> {
  const [row] = await db
    .select({ emailId: emailArchive.emailId })
    .from(emailArchive)
    .where(eq(emailArchive.emailId, emailId))
    .limit(1);
  return row !== undefined;
}

/** One of the parent's mails with its text, or null (another parent's, or none). */
export async function archivedMail(
  db: TDatabase,
  owner: TOwner,
  emailId: string,
): Promise<(TArchivedEmail & { text: string }) | null> {
  const [row] = await db
    .select()
    .from(emailArchive)
    .where(and(ofParent(owner), eq(emailArchive.emailId, emailId)));
  return row ? { ...toArchived(row, previewOf(row.text)), text: row.text } : null;
}
