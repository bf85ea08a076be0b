import type { TLanguage } from '@portal/contracts/constants';
import type { TNotificationCategory } from '@portal/contracts/kits/inbox';
import type { TDatabase } from '../../db/client.ts';
import { emailArchive } from '../../db/schema/index.ts';
import type { TMail } from '../../mail/mailer.ts';

// The mail archive's one way in (docs/decisions/021-publications-and-inbox.md): every notice
// and digest the mail job sends a parent is kept as sent, in the transaction that records it
// sent. Sign-in, registration and reset codes never come here: a code is a secret.

type TOwner = { schoolId: string; parentId: string };

/** What the archive keeps of a mail just sent. */
export type TSentMail = {
  owner: TOwner;
  kind: 'notice' | 'digest';
  /** The notice's category; null for a digest. */
  category: TNotificationCategory | null;
  language: TLanguage;
  mail: TMail;
  sentAt?: Date;
};

/** Keeps a mail the portal sent (call it with the transaction that records it sent). */
export async function archiveMail(tx: TDatabase, sent: TSentMail): Promise<void> {
  await tx.insert(emailArchive).values({
    schoolId: sent.owner.schoolId,
    parentId: sent.owner.parentId,
    kind: sent.kind,
    category: sent.category,
    toAddress: sent.mail.to,
    subject: sent.mail.subject,
    text: sent.mail.text,
    html: sent.mail.html,
    language: sent.language,
    ...(sent.sentAt ? { sentAt: sent.sentAt } : {}),
  });
}
