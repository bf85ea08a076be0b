import type { TLanguage } from '@portal/contracts/constants';
import { schoolMail, type TSchoolOfMail } from './code-mail.ts';
import type { TMail } from './mailer.ts';

/** A change to how a parent signs in, which the parent is told of by mail. */
export type TAccountChange = 'password' | 'email' | 'passkey';

type TWords = { subject: string; lead: string; notYou: string };

const WORDS: Record<TLanguage, Record<TAccountChange, TWords>> = {
  en: {
    password: {
      subject: 'Your {school} parent portal password was changed',
      lead: 'The password of your {school} parent portal account was changed, and your other devices were signed out.',
      notYou:
        'If you did not change it, choose a new password at once with "Forgot password" on the sign-in page, and tell the school.',
    },
    email: {
      subject: 'Your {school} parent portal email address was changed',
      lead: 'The email address of your {school} parent portal account was changed: codes and notices now go to the new address.',
      notYou: 'If you did not change it, tell the school at once.',
    },
    passkey: {
      subject: 'A passkey was added to your {school} parent portal account',
      lead: 'A passkey was added to your {school} parent portal account: it can now sign you in without your password.',
      notYou:
        'If you did not add it, remove it in your account settings, change your password and tell the school.',
    },
  },
  ar: {
    password: {
      subject: 'تم تغيير كلمة المرور - بوابة أولياء الأمور في {school}',
      lead: 'تم تغيير كلمة مرور حسابك في بوابة أولياء الأمور في {school}، وتم تسجيل الخروج من أجهزتك الأخرى.',
      notYou:
        'إذا لم تغيّرها أنت، فاختر كلمة مرور جديدة فورًا من "نسيت كلمة المرور" في صفحة تسجيل الدخول، وأبلغ المدرسة.',
    },
    email: {
      subject: 'تم تغيير البريد الإلكتروني - بوابة أولياء الأمور في {school}',
      lead: 'تم تغيير البريد الإلكتروني لحسابك في بوابة أولياء الأمور في {school}: تصل الرموز والإشعارات الآن إلى العنوان الجديد.',
      notYou: 'إذا لم تغيّره أنت، فأبلغ المدرسة فورًا.',
    },
    passkey: {
      subject: 'تمت إضافة مفتاح مرور - بوابة أولياء الأمور في {school}',
      lead: 'تمت إضافة مفتاح مرور إلى حسابك في بوابة أولياء الأمور في {school}: يمكنه الآن تسجيل دخولك دون كلمة المرور.',
      notYou: 'إذا لم تُضِفه أنت، فأزِله من إعدادات حسابك، وغيّر كلمة المرور، وأبلغ المدرسة.',
    },
  },
};

/**
 * Tells a parent that their password or e-mail address was changed, or a passkey added (ASVS 6.3.7), in their
 * language, with the school's name and logo; what to do if it was not them.
 */
export function accountChangedMail(input: {
  to: string;
  change: TAccountChange;
  language: TLanguage;
  school: TSchoolOfMail;
}): TMail {
  const words = WORDS[input.language][input.change];
  return schoolMail({
    ...input,
    subject: words.subject,
    blocks: [{ text: words.lead }, { text: words.notYou, style: 'note' }],
  });
}
