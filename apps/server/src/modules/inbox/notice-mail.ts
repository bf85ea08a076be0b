import type { TLanguage } from '@portal/contracts/constants';
import type { TMail } from '../../mail/mailer.ts';
import { schoolMail, type TBlock, type TSchoolOfMail } from '../../mail/code-mail.ts';

// The mail of the inbox (docs/notifications.md), in the parent's language: one notice mailed
// at once, or the day's digest grouped by child. Every notice names its child.

/** A notice as mailed: its texts in both languages and the child it is about. */
export type TMailedNotice = {
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
  { child: string; family: string; open: string; why: string; digestSubject: string; digestLead: string }
> = {
  en: {
    child: 'About',
    family: 'For the whole family',
    open: 'Open it in the parent portal:',
    why: 'You receive this because of your notification preferences in the {school} parent portal.',
    digestSubject: 'Your daily summary from {school}',
    digestLead: 'What the school told you today:',
  },
  ar: {
    child: 'بخصوص',
    family: 'للعائلة كلها',
    open: 'افتحه في بوابة أولياء الأمور:',
    why: 'تصلك هذه الرسالة وفق تفضيلات الإشعارات في بوابة أولياء الأمور في {school}.',
    digestSubject: 'ملخصك اليومي من {school}',
    digestLead: 'ما أبلغتك به المدرسة اليوم:',
  },
};

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
}): TMail {
  const { language, notice } = input;
  const words = WORDS[language];
  const link: TBlock[] =
    input.address && notice.path ? [{ text: words.open, href: `${input.address}${notice.path}` }] : [];
  return schoolMail({
    to: input.to,
    language,
    school: input.school,
    subject: inLanguage(language, notice.titleEn, notice.titleAr),
    blocks: [
      { text: childLine(language, notice) },
      { text: inLanguage(language, notice.bodyEn, notice.bodyAr) },
      ...link,
      { text: words.why, style: 'note' },
    ],
  });
}

/** The day's digest: the notices grouped by child (the whole family's last), oldest first. */
export function digestMail(input: {
  to: string;
  language: TLanguage;
  school: TSchoolOfMail;
  notices: TMailedNotice[];
  address: string | null;
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
  blocks.push({ text: words.why, style: 'note' });
  return schoolMail({ to: input.to, language, school: input.school, subject: words.digestSubject, blocks });
}
