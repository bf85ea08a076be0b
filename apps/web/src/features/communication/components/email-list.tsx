import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TArchivedEmail } from '@portal/contracts/families/publications';
import { Bone } from '../../../components/ui/skeleton.tsx';
import { cx } from '../../../lib/class-names.ts';
import { useTimeZone } from '../../../lib/dates.ts';
import { directionOfMail, EmailChips } from './email-chips.tsx';
import { formatWhen } from './when.ts';

interface TEmailListProps {
  label: string;
  emails: readonly TArchivedEmail[];
  openId: string | null;
  hrefOf: (email: TArchivedEmail) => string;
  replace: boolean;
  onOpen: (email: TArchivedEmail) => void;
}

/** The mail the portal sent: each with its subject and first words (in its own language), date and kind. */
export function EmailList({ label, emails, openId, hrefOf, replace, onOpen }: TEmailListProps) {
  const { i18n } = useTranslation();
  const timeZone = useTimeZone();
  return (
    <ul aria-label={label} className="divide-y divide-slate-200 dark:divide-slate-800">
      {emails.map((email) => {
        const open = email.id === openId;
        return (
          <li key={email.id}>
            <Link
              to={hrefOf(email)}
              replace={replace}
              data-mail={email.id}
              onClick={() => onOpen(email)}
              aria-current={open ? 'true' : undefined}
              className={cx(
                'block space-y-1 px-4 py-3 outline-none hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:ring-2 focus-visible:ring-purple-600 focus-visible:ring-inset dark:hover:bg-slate-800/60 dark:focus-visible:bg-slate-800/60 dark:focus-visible:ring-purple-400',
                open && 'bg-purple-50 hover:bg-purple-50 dark:bg-purple-950/40 dark:hover:bg-purple-950/40',
              )}
            >
              <span className="flex items-start gap-2">
                <span
                  lang={email.language}
                  dir={directionOfMail(email.language)}
                  className="min-w-0 flex-1 truncate text-start text-sm font-semibold text-slate-900 dark:text-white"
                >
                  {email.subject}
                </span>
                <time
                  dateTime={email.sentAt}
                  className="shrink-0 text-xs text-slate-600 tabular-nums dark:text-slate-400"
                >
                  {formatWhen(email.sentAt, i18n.language, timeZone)}
                </time>
              </span>
              <span
                lang={email.language}
                dir={directionOfMail(email.language)}
                className="line-clamp-2 block text-sm break-words text-slate-600 dark:text-slate-300"
              >
                {email.preview}
              </span>
              <EmailChips email={email} />
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** The mail list's shape while its first page loads. */
export function EmailListSkeleton() {
  return (
    <ul aria-hidden="true" className="divide-y divide-slate-200 dark:divide-slate-800">
      {[0, 1, 2, 3, 4].map((row) => (
        <li key={row} className="space-y-2 px-4 py-3">
          <span className="flex justify-between gap-2">
            <Bone className="h-4 w-48" />
            <Bone className="h-3 w-12" />
          </span>
          <Bone className="h-3 w-full" />
          <Bone className="h-5 w-20 rounded-full" />
        </li>
      ))}
    </ul>
  );
}
