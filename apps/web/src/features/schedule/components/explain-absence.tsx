import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CalendarX, Mail, MessageCircleQuestion, Phone } from 'lucide-react';
import { Button, primaryLink, textLink } from '../../../components/ui/button.tsx';
import { formatDay } from '../../../lib/dates.ts';
import { telHref, useSchoolContact } from '../../../lib/school-contact.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';

interface TExplainAbsenceProps {
  /** The absent child's name. */
  childName: string;
  /** The day of the absence, `YYYY-MM-DD`; null while the dialog is closed. */
  date: string | null;
  onClose: () => void;
  /** The leave form filled with this absence, when the school offers leave requests. */
  leaveHref?: string | null;
}

/**
 * "Explain" on an absence the school has no reason for: how to tell the school office, by
 * phone or by an e-mail whose subject names the child and the day.
 */
export function ExplainAbsence({ childName, date, onClose, leaveHref }: TExplainAbsenceProps) {
  const { t, i18n } = useTranslation('schedule');
  const { phone, email } = useSchoolContact();
  const day = date
    ? formatDay(date, i18n.language, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })
    : '';
  const subject = t('explain.subject', { child: childName, date: day });
  return (
    <Dialog
      open={date !== null}
      onClose={onClose}
      title={t('explain.title')}
      icon={<MessageCircleQuestion aria-hidden="true" className="size-5" />}
      actions={
        <Button variant="secondary" onClick={onClose}>
          {t('explain.close')}
        </Button>
      }
    >
      {/* The name kept apart from the sentence's direction (an English name in Arabic text). */}
      {leaveHref ? (
        <div className="space-y-3">
          <p>{t('explain.leaveBody', { child: `\u2068${childName}\u2069`, date: day })}</p>
          <Link to={leaveHref} className={primaryLink}>
            <CalendarX aria-hidden="true" className="size-4" />
            {t('explain.leave')}
          </Link>
          <p className="text-sm text-slate-600 dark:text-slate-300">{t('explain.orContact')}</p>
        </div>
      ) : (
        <p>{t('explain.body', { child: `\u2068${childName}\u2069`, date: day })}</p>
      )}
      {phone || email ? (
        <ul className="space-y-2">
          {phone ? (
            <li className="flex items-center gap-2.5">
              <Phone aria-hidden="true" className="size-4 shrink-0 text-purple-700 dark:text-purple-300" />
              <span className="sr-only">{t('explain.phone')}</span>
              <a href={telHref(phone)} className={textLink}>
                <bdi dir="ltr">{phone}</bdi>
              </a>
            </li>
          ) : null}
          {email ? (
            <li className="flex items-center gap-2.5">
              <Mail aria-hidden="true" className="size-4 shrink-0 text-purple-700 dark:text-purple-300" />
              <a
                href={`mailto:${email}?subject=${encodeURIComponent(subject)}`}
                className={`${textLink} break-all`}
              >
                {t('explain.write')} <bdi dir="ltr">{email}</bdi>
              </a>
            </li>
          ) : null}
        </ul>
      ) : (
        <p>{t('explain.noContact')}</p>
      )}
    </Dialog>
  );
}
