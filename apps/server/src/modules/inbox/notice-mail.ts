import type { TLanguage } from '@portal/contracts/constants';
import type { TNotificationCategory } from '@portal/contracts/kits/inbox';
import type { TMail } from '../../mail/mailer.ts';
import { schoolMail, type TBlock, type TSchoolOfMail } from '../../mail/code-mail.ts';

// The mail of the inbox (docs/notifications.md), in the parent's language: one notice mailed
// at once, or the day's digest grouped by child. Every notice names its child; every mail
// links, per category it holds (never safety), to the page that stops that category, and
// carries the one-click `List-Unsubscribe` headers (RFC 8058).

/** A notice as mailed: its texts in both languages and the child it is about. */
export type TMailedNotice = {
  category: TNotificationCategory;
  titleEn: string;
  titleAr: string;
  bodyEn: string;
  bodyAr: string;
  path: string;
  enrollNumber: string | null;
  childName: string | null;
};

const WORDS: Record<
  TLanguage,
  {
    child: string;
    family: string;
    open: string;
    why: string;
    stop: string;
    digestSubject: string;
    digestLead: string;
  }
> = {
  en: {
    child: 'About',
    family: 'For the whole family',
    open: 'Open it in the parent portal:',
    why: 'You receive this because of your notification preferences in the {school} parent portal.',
    stop: 'To stop mail about {category}, open:',
    digestSubject: 'Your daily summary from {school}',
    digestLead: 'What the school told you today:',
  },
  ar: {
    child: 'بخصوص',
    family: 'للعائلة كلها',
    open: 'افتحه في بوابة أولياء الأمور:',
    why: 'تصلك هذه الرسالة وفق تفضيلات الإشعارات في بوابة أولياء الأمور في {school}.',
    stop: 'لإيقاف رسائل فئة «{category}»، افتح:',
    digestSubject: 'ملخصك اليومي من {school}',
    digestLead: 'ما أبلغتك به المدرسة اليوم:',
  },
};

/** The categories' names, as the portal's notification settings call them. */
export const CATEGORY_NAMES: Record<TLanguage, Record<TNotificationCategory, string>> = {
  en: {
    attendance: 'Attendance',
    academics: 'Learning',
    conduct: 'Conduct',
    health: 'Health',
    announcements: 'Announcements',
    messages: 'Messages',
    requests: 'Requests',
    calendar: 'Calendar',
    fees: 'Fees',
    documents: 'Documents',
    safety: 'Safety',
  },
  ar: {
    attendance: 'الحضور',
    academics: 'التعلّم',
    conduct: 'السلوك',
    health: 'الصحة',
    announcements: 'الإعلانات',
    messages: 'الرسائل',
    requests: 'الطلبات',
    calendar: 'التقويم',
    fees: 'الرسوم',
    documents: 'المستندات',
    safety: 'السلامة',
  },
};

/**
 * A mail's ways to stop its categories: the web page of each category it holds (none for
 * safety), and the one-click address of its `List-Unsubscribe` header, which stops them all.
 */
export type TUnsubscribeLinks = {
  pages: { category: TNotificationCategory; href: string }[];
  oneClick: string;
};

/** The blocks and headers of a mail's unsubscribe links (nothing without links). */
function unsubscribeParts(language: TLanguage, links: TUnsubscribeLinks | null) {
  if (!links || links.pages.length === 0) return { blocks: [], headers: undefined };
  const blocks: TBlock[] = links.pages.map((page) => ({
    text: WORDS[language].stop.replace('{category}', CATEGORY_NAMES[language][page.category]),
    href: page.href,
    style: 'note',
  }));
  const headers = {
    'List-Unsubscribe': `<${links.oneClick}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
  return { blocks, headers };
}

/** A text in the language; English when the Arabic one is empty. */
const inLanguage = (language: TLanguage, en: string, ar: string) => (language === 'ar' && ar ? ar : en);

const childLine = (language: TLanguage, notice: TMailedNotice) =>
  notice.enrollNumber
    ? `${WORDS[language].child}: ${notice.childName ?? notice.enrollNumber}`
    : WORDS[language].family;

/** One notice, mailed as it happens. */
export function noticeMail(input: {
  to: string;
  language: TLanguage;
  school: TSchoolOfMail;
  notice: TMailedNotice;
  /** The school's portal address, for the link; null: no link. */
  address: string | null;
  /** The links that stop the notice's category; null: none (safety, or no address). */
  unsubscribe: TUnsubscribeLinks | null;
}): TMail {
  const { language, notice } = input;
  const words = WORDS[language];
  const link: TBlock[] =
    input.address && notice.path ? [{ text: words.open, href: `${input.address}${notice.path}` }] : [];
  const stop = unsubscribeParts(language, input.unsubscribe);
  const mail = schoolMail({
    to: input.to,
    language,
    school: input.school,
    subject: inLanguage(language, notice.titleEn, notice.titleAr),
    blocks: [
      { text: childLine(language, notice) },
      { text: inLanguage(language, notice.bodyEn, notice.bodyAr) },
      ...link,
      { text: words.why, style: 'note' },
      ...stop.blocks,
    ],
  });
  return stop.headers ? { ...mail, headers: stop.headers } : mail;
}

/** The day's digest: the notices grouped by child (the whole family's last), oldest first. */
export function digestMail(input: {
  to: string;
  language: TLanguage;
  school: TSchoolOfMail;
  notices: TMailedNotice[];
  address: string | null;
  /** The links that stop the digest's categories; null: none. */
  unsubscribe: TUnsubscribeLinks | null;
}): TMail {
  const { language } = input;
  const words = WORDS[language];
  const groups = new Map<string, TMailedNotice[]>();
  for (const notice of input.notices) {
    const key = notice.enrollNumber ?? '';
    groups.set(key, [...(groups.get(key) ?? []), notice]);
  }
  const ordered = [...groups.entries()].sort(([a], [b]) =>
    a === '' ? 1 : b === '' ? -1 : a.localeCompare(b),
  );
  const blocks: TBlock[] = [{ text: words.digestLead }];
  for (const [, notices] of ordered) {
    blocks.push({ text: childLine(language, notices[0] as TMailedNotice) });
    for (const notice of notices) {
      const line = `• ${inLanguage(language, notice.titleEn, notice.titleAr)}: ${inLanguage(language, notice.bodyEn, notice.bodyAr)}`;
      blocks.push(
        input.address && notice.path
          ? { text: line, href: `${input.address}${notice.path}` }
          : { text: line },
      );
    }
  }
  const stop = unsubscribeParts(language, input.unsubscribe);
  blocks.push({ text: words.why, style: 'note' }, ...stop.blocks);
  const mail = schoolMail({
    to: input.to,
    language,
    school: input.school,
    subject: words.digestSubject,
    blocks,
  });
  return stop.headers ? { ...mail, headers: stop.headers } : mail;
}
