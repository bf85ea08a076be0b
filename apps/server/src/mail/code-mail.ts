import fs from 'node:fs';
import path from 'node:path';
import { directionOf, type TLanguage } from '@portal/contracts/constants';
import type { TMail } from './mailer.ts';

export type TCodePurpose = 'sign-in' | 'register' | 'reset' | 'email-change';

const mediaDir = path.resolve(import.meta.dirname, '../../media');

type TWords = { subject: string; lead: string; expiry: string; ignore: string };

export type TSchoolOfMail = { nameEn: string; nameAr: string; logoUrl: string };

/** Where a parent signs in and recovers a password; null when the portal's address is not configured. */
export type TSignInLinks = { signIn: string; forgotPassword: string } | null;

const WORDS: Record<TLanguage, Record<TCodePurpose, TWords>> = {
  en: {
    'sign-in': {
      subject: 'Your sign-in code for {school}',
      lead: 'Use this code to sign in to the {school} parent portal:',
      expiry: 'It works once and expires in 10 minutes.',
      ignore: 'If you did not ask to sign in, ignore this message: nobody can sign in without the code.',
    },
    register: {
      subject: 'Confirm your {school} parent portal account',
      lead: 'Enter this code to finish setting up your {school} parent portal account:',
      expiry: 'It works once and expires in 10 minutes.',
      ignore: 'If you did not ask for an account, ignore this message.',
    },
    reset: {
      subject: 'Reset your {school} parent portal password',
      lead: 'Enter this code to choose a new password for the {school} parent portal:',
      expiry: 'It works once and expires in 10 minutes.',
      ignore: 'If you did not ask to reset your password, ignore this message: your password stays as it is.',
    },
    'email-change': {
      subject: 'Confirm your new email address for {school}',
      lead: 'Enter this code in the {school} parent portal to make this your email address:',
      expiry: 'It works once and expires in 10 minutes.',
      ignore: 'If you did not ask for this, ignore this message: your account keeps its address.',
    },
  },
  ar: {
    'sign-in': {
      subject: 'رمز تسجيل الدخول إلى {school}',
      lead: 'استخدم هذا الرمز لتسجيل الدخول إلى بوابة أولياء الأمور في {school}:',
      expiry: 'يُستخدم الرمز مرة واحدة وتنتهي صلاحيته بعد 10 دقائق.',
      ignore: 'إذا لم تطلب تسجيل الدخول، فتجاهل هذه الرسالة: لا يمكن لأحد الدخول دون الرمز.',
    },
    register: {
      subject: 'تأكيد حسابك في بوابة أولياء الأمور - {school}',
      lead: 'أدخل هذا الرمز لإكمال إعداد حسابك في بوابة أولياء الأمور في {school}:',
      expiry: 'يُستخدم الرمز مرة واحدة وتنتهي صلاحيته بعد 10 دقائق.',
      ignore: 'إذا لم تطلب إنشاء حساب، فتجاهل هذه الرسالة.',
    },
    reset: {
      subject: 'إعادة تعيين كلمة المرور - {school}',
      lead: 'أدخل هذا الرمز لاختيار كلمة مرور جديدة لبوابة أولياء الأمور في {school}:',
      expiry: 'يُستخدم الرمز مرة واحدة وتنتهي صلاحيته بعد 10 دقائق.',
      ignore: 'إذا لم تطلب إعادة تعيين كلمة المرور، فتجاهل هذه الرسالة: تبقى كلمة المرور كما هي.',
    },
    'email-change': {
      subject: 'تأكيد عنوان بريدك الإلكتروني الجديد - {school}',
      lead: 'أدخل هذا الرمز في بوابة أولياء الأمور في {school} لاعتماد هذا العنوان بريدًا إلكترونيًا لك:',
      expiry: 'يُستخدم الرمز مرة واحدة وتنتهي صلاحيته بعد 10 دقائق.',
      ignore: 'إذا لم تطلب ذلك، فتجاهل هذه الرسالة: يبقى عنوان حسابك كما هو.',
    },
  },
};

// Registering again over an account that has a password: no code, the ways in instead.
const ACCOUNT_EXISTS: Record<
  TLanguage,
  Record<'subject' | 'lead' | 'signIn' | 'forgot' | 'noLinks' | 'ignore', string>
> = {
  en: {
    subject: 'You already have a {school} parent portal account',
    lead: 'Someone asked to register this email address for the {school} parent portal, but it already has an account. Nothing has changed.',
    signIn: 'Sign in with your password:',
    forgot: 'Forgot your password? Choose a new one here:',
    noLinks:
      'Sign in on the parent portal of {school}; if you forgot your password, choose "Forgot password" there.',
    ignore: 'If you did not ask to register, ignore this message: your password stays as it is.',
  },
  ar: {
    subject: 'لديك حساب في بوابة أولياء الأمور - {school}',
    lead: 'طلب أحدهم تسجيل عنوان البريد الإلكتروني هذا في بوابة أولياء الأمور في {school}، ولكن له حساب بالفعل. لم يتغيّر شيء.',
    signIn: 'سجّل الدخول بكلمة المرور:',
    forgot: 'نسيت كلمة المرور؟ اختر كلمة مرور جديدة من هنا:',
    noLinks:
      'سجّل الدخول في بوابة أولياء الأمور في {school}؛ وإذا نسيت كلمة المرور فاختر "نسيت كلمة المرور" هناك.',
    ignore: 'إذا لم تطلب التسجيل، فتجاهل هذه الرسالة: تبقى كلمة المرور كما هي.',
  },
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export type TBlock = { text: string; style?: 'code' | 'note'; href?: string };

const BLOCK_STYLES = {
  code: 'font-size: 28px; letter-spacing: 6px; font-weight: bold; color: #7e22ce; direction: ltr; text-align: center;',
  note: 'color: #475569; font-size: 13px;',
};

/** A message from the school, in the parent's language, with its name and logo, made of these blocks. */
export function schoolMail(input: {
  to: string;
  language: TLanguage;
  school: TSchoolOfMail;
  subject: string;
  blocks: TBlock[];
}): TMail {
  const schoolName = input.language === 'ar' ? input.school.nameAr : input.school.nameEn;
  const fill = (text: string) => text.replaceAll('{school}', schoolName);
  const logoFile = input.school.logoUrl.startsWith('/media/')
    ? path.join(mediaDir, path.normalize(input.school.logoUrl.slice('/media/'.length)))
    : '';
  const hasLogo = logoFile.startsWith(mediaDir + path.sep) && fs.existsSync(logoFile);
  const dir = directionOf(input.language);
  const blocks = input.blocks.map((block) => ({ ...block, text: fill(block.text) }));

  const text = [
    ...blocks.map((block) => (block.href ? `${block.text}\n${block.href}` : block.text)),
    schoolName,
  ].join('\n\n');
  const htmlOf = (block: TBlock) => {
    const content = block.href
      ? `${escapeHtml(block.text)}<br><a href="${escapeHtml(block.href)}" style="color: #7e22ce; direction: ltr;">${escapeHtml(block.href)}</a>`
      : escapeHtml(block.text);
    const style = block.style ? ` style="${BLOCK_STYLES[block.style]}"` : '';
    return `<p${style}>${content}</p>`;
  };
  const html = `<!doctype html>
<html lang="${input.language}" dir="${dir}">
<body style="font-family: Arial, Helvetica, sans-serif; color: #0f172a; background: #f8fafc; padding: 24px;">
  <div style="max-width: 480px; margin: 0 auto; background: #ffffff; border-radius: 12px; padding: 24px; text-align: start;">
    ${hasLogo ? `<img src="cid:school-logo" alt="" width="56" height="56" style="display: block; margin-bottom: 12px;">` : ''}
    <p style="font-weight: bold; margin: 0 0 16px;">${escapeHtml(schoolName)}</p>
    ${blocks.map(htmlOf).join('\n    ')}
  </div>
</body>
</html>`;
  return {
    to: input.to,
    subject: fill(input.subject),
    text,
    html,
    inlineImages: hasLogo ? [{ cid: 'school-logo', path: logoFile }] : [],
  };
}

/** The message carrying a one-time code, in the parent's language, with the school's name and logo. */
export function codeMail(input: {
  to: string;
  purpose: TCodePurpose;
  code: string;
  language: TLanguage;
  school: TSchoolOfMail;
}): TMail {
  const words = WORDS[input.language][input.purpose];
  return schoolMail({
    ...input,
    subject: words.subject,
    blocks: [
      { text: words.lead },
      { text: input.code, style: 'code' },
      { text: words.expiry },
      { text: words.ignore, style: 'note' },
    ],
  });
}

/**
 * What registering an account that already has a password mails instead of a code: the
 * account exists, and where to sign in or choose a new password. Nothing in it changes the account.
 */
export function accountExistsMail(input: {
  to: string;
  language: TLanguage;
  school: TSchoolOfMail;
  links: TSignInLinks;
}): TMail {
  const words = ACCOUNT_EXISTS[input.language];
  const ways: TBlock[] = input.links
    ? [
        { text: words.signIn, href: input.links.signIn },
        { text: words.forgot, href: input.links.forgotPassword },
      ]
    : [{ text: words.noLinks }];
  return schoolMail({
    ...input,
    subject: words.subject,
    blocks: [{ text: words.lead }, ...ways, { text: words.ignore, style: 'note' }],
  });
}
