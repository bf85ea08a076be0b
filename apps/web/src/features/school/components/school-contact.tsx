import { Mail, MapPin, Phone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { textLink } from '../../../components/ui/button.tsx';
import { telHref } from '../../../lib/school-contact.ts';
import { useSchool } from '../use-school.ts';

/**
 * How to reach the school office: its phone and email as links, and its address, in the
 * language shown. Nothing when the school has recorded none of them.
 */
export function SchoolContact({ schoolId }: { schoolId: string }) {
  const { t } = useTranslation('school');
  const { name, contact } = useSchool(schoolId);
  if (!contact.phone && !contact.email && !contact.address) return null;
  const rowClass = 'flex items-start gap-2.5';
  const iconClass = 'mt-0.5 size-4 shrink-0 text-purple-700 dark:text-purple-300';
  return (
    <address className="not-italic">
      <p className="text-sm font-semibold text-slate-900 dark:text-white">{name || t('fallbackName')}</p>
      <ul className="mt-2 space-y-2 text-sm text-slate-700 dark:text-slate-200">
        {contact.phone ? (
          <li className={rowClass}>
            <Phone aria-hidden="true" className={iconClass} />
            <span className="sr-only">{t('contact.phone')}</span>
            <a href={telHref(contact.phone)} className={textLink}>
              <bdi dir="ltr">{contact.phone}</bdi>
            </a>
          </li>
        ) : null}
        {contact.email ? (
          <li className={rowClass}>
            <Mail aria-hidden="true" className={iconClass} />
            <span className="sr-only">{t('contact.email')}</span>
            <a href={`mailto:${contact.email}`} className={`${textLink} break-all`}>
              <bdi dir="ltr">{contact.email}</bdi>
            </a>
          </li>
        ) : null}
        {contact.address ? (
          <li className={rowClass}>
            <MapPin aria-hidden="true" className={iconClass} />
            <span className="sr-only">{t('contact.address')}</span>
            <span>{contact.address}</span>
          </li>
        ) : null}
      </ul>
    </address>
  );
}
