import { useTranslation } from 'react-i18next';
import { Newspaper, Bell } from 'lucide-react';
import type { TArchivedEmail } from '@portal/contracts/families/publications';

/** What kind of mail it was (a notice, the daily digest) and the category of notice it told of. */
export function EmailChips({ email }: { email: Pick<TArchivedEmail, 'kind' | 'category'> }) {
  const { t } = useTranslation(['communication', 'inbox']);
  const Icon = email.kind === 'digest' ? Newspaper : Bell;
  return (
    <span className="flex flex-wrap items-center gap-1.5">
      <span
        data-kind={email.kind}
        className="inline-flex items-center gap-1 rounded-full bg-sky-50 px-2 py-0.5 text-xs font-semibold text-sky-900 ring-1 ring-sky-200 ring-inset dark:bg-sky-950/50 dark:text-sky-100 dark:ring-sky-800"
      >
        <Icon aria-hidden="true" className="size-3.5 shrink-0" />
        {t(`communication:email.kind.${email.kind}`)}
      </span>
      {email.category ? (
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-200">
          {t(`inbox:categories.${email.category}`)}
        </span>
      ) : null}
    </span>
  );
}

/** The writing direction of a mail's own language (it keeps its language, whatever the page's). */
export const directionOfMail = (language: 'en' | 'ar') => (language === 'ar' ? 'rtl' : 'ltr');
