import fs from 'node:fs';
import path from 'node:path';
import type { TLanguage } from '@portal/contracts/constants';
import type { TMail } from './mailer.ts';

export type TCodePurpose = 'sign-in' | 'register' | 'reset';

const mediaDir = path.resolve(import.meta.dirname, '../../media');

type TWords = { subject: string; lead: string; expiry: string; ignore: string };

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
  },
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The message carrying a one-time code, in the parent's language, with the school's name and logo. */
export function codeMail(input: {
  to: string;
  purpose: TCodePurpose;
  code: string;
  language: TLanguage;
  school: { nameEn: string; nameAr: string; logoUrl: string };
}): TMail {
  const words = WORDS[input.language][input.purpose];
  const schoolName = input.language === 'ar' ? input.school.nameAr : input.school.nameEn;
  const fill = (text: string) => text.replaceAll('{school}', schoolName);
  const logoFile = input.school.logoUrl.startsWith('/media/')
    ? path.join(mediaDir, path.normalize(input.school.logoUrl.slice('/media/'.length)))
    : '';
  const hasLogo = logoFile.startsWith(mediaDir + path.sep) && fs.existsSync(logoFile);
  const dir = input.language === 'ar' ? 'rtl' : 'ltr';

  const text = [fill(words.lead), '', input.code, '', words.expiry, words.ignore, '', schoolName].join('\n');
  const html = `<!doctype html>
<html lang="${input.language}" dir="${dir}">
<body style="font-family: Arial, Helvetica, sans-serif; color: #0f172a; background: #f8fafc; padding: 24px;">
  <div style="max-width: 480px; margin: 0 auto; background: #ffffff; border-radius: 12px; padding: 24px; text-align: start;">
    ${hasLogo ? `<img src="cid:school-logo" alt="" width="56" height="56" style="display: block; margin-bottom: 12px;">` : ''}
    <p style="font-weight: bold; margin: 0 0 16px;">${escapeHtml(schoolName)}</p>
    <p>${escapeHtml(fill(words.lead))}</p>
    <p style="font-size: 28px; letter-spacing: 6px; font-weight: bold; color: #7e22ce; direction: ltr; text-align: center;">${input.code}</p>
    <p>${escapeHtml(words.expiry)}</p>
    <p style="color: #475569; font-size: 13px;">${escapeHtml(words.ignore)}</p>
  </div>
</body>
</html>`;
  return {
    to: input.to,
    subject: fill(words.subject),
    text,
    html,
    inlineImages: hasLogo ? [{ cid: 'school-logo', path: logoFile }] : [],
  };
}
