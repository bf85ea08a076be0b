import type { TDatabase } from '../../db/client.ts';
import { childFirstNames, notify } from '../../kits/notify.ts';
import { REPLY_KIND } from './thread-store.ts';

// `messages.reply` (docs/modules.md F4 events; docs/notifications.md): a staff member's message
// reaches the parent of the thread, naming the child and the staff member, in the inbox and
// by mail as the parent's `messages` mode says (instant, digest or off).

/** The characters of the message a notice quotes. */
const QUOTE_LENGTH = 200;

const quote = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > QUOTE_LENGTH ? `${line.slice(0, QUOTE_LENGTH - 1)}…` : line;
};

/** Tells the thread's parent of message `seq`, once (its dedupe key is the thread and number). */
export async function noticeReply(
  tx: TDatabase,
  reply: {
    schoolId: string;
    parentId: string;
    threadId: string;
    seq: number;
    enrollNumber: string;
    subject: string;
    body: string;
    staff: { nameEn: string; nameAr: string };
  },
): Promise<void> {
  const child = (await childFirstNames(tx, reply.schoolId, [reply.enrollNumber])).get(reply.enrollNumber);
  const name = child ?? reply.enrollNumber;
  const staffAr = reply.staff.nameAr || reply.staff.nameEn;
  const said = quote(reply.body);
  await notify(
    tx,
    {
      schoolId: reply.schoolId,
      enrollNumber: reply.enrollNumber,
      category: 'messages',
      kind: REPLY_KIND,
      dedupeKey: `${REPLY_KIND}:${reply.threadId}:${reply.seq}`,
      title: { en: `${reply.staff.nameEn} replied about ${name}`, ar: `ردّ ${staffAr} بخصوص ${name}` },
      body: { en: `${reply.subject}: “${said}”`, ar: `${reply.subject}: «${said}»` },
      path: `/communication?enrollNumber=${encodeURIComponent(reply.enrollNumber)}&thread=${reply.threadId}`,
    },
    [reply.parentId],
  );
}
