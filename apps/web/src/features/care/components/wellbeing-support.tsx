import { useTranslation } from 'react-i18next';
import { LifeBuoy, Mail, Phone } from 'lucide-react';
import { textLink } from '../../../components/ui/button.tsx';
import { telHref, useSchoolContact } from '../../../lib/school-contact.ts';

/** Where a worried parent finds support: the class teacher or counsellor, through the school office. */
export function WellbeingSupport({ childName }: { childName: string }) {
  const { t } = useTranslation('care');
  const { phone, email } = useSchoolContact();
  return (
    <aside
      aria-labelledby="wellbeing-support"
      className="space-y-2 rounded-2xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-950 dark:border-sky-900 dark:bg-sky-950/40 dark:text-sky-50"
    >
      <h2 id="wellbeing-support" className="flex items-center gap-2 font-semibold">
        <LifeBuoy aria-hidden="true" className="size-5 shrink-0 text-sky-700 dark:text-sky-300" />
        {t('wellbeing.support.title')}
      </h2>
      <p>{t('wellbeing.support.body', { child: `\u2068${childName}\u2069` })}</p>
      {phone || email ? (
        <ul className="flex flex-wrap gap-x-6 gap-y-1">
          {phone ? (
            <li className="flex items-center gap-2">
              <Phone aria-hidden="true" className="size-4 shrink-0" />
              <span className="sr-only">{t('wellbeing.support.phone')}</span>
              <a href={telHref(phone)} className={textLink}>
                <bdi dir="ltr">{phone}</bdi>
              </a>
            </li>
          ) : null}
          {email ? (
            <li className="flex items-center gap-2">
              <Mail aria-hidden="true" className="size-4 shrink-0" />
              <span className="sr-only">{t('wellbeing.support.email')}</span>
              <a href={`mailto:${email}`} className={`${textLink} break-all`}>
                <bdi dir="ltr">{email}</bdi>
              </a>
            </li>
          ) : null}
        </ul>
      ) : null}
    </aside>
  );
}
