import { useTranslation } from 'react-i18next';
import type { TAmbassadorApplication } from '@portal/contracts/families/publications';
import { RequestStatusChip } from '../../../kits/requests/status-chip.tsx';
import { formatDateTime, useTimeZone } from '../../../lib/dates.ts';

/** The states in which the school has not decided yet: no second application meanwhile. */
const UNDECIDED: readonly TAmbassadorApplication['status'][] = ['draft', 'submitted', 'in_review'];

/** Whether one of the applications is still being considered. */
export const hasPendingApplication = (applications: readonly TAmbassadorApplication[]) =>
  applications.some((application) => UNDECIDED.includes(application.status));

/** The parent's applications for the class, newest first: when, what they wrote, and where each stands. */
export function AmbassadorApplications({
  applications,
}: {
  applications: readonly TAmbassadorApplication[];
}) {
  const { t, i18n } = useTranslation('news');
  const timeZone = useTimeZone();
  if (applications.length === 0) return null;
  const newestFirst = [...applications].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <section aria-labelledby="ambassador-applications" className="space-y-3">
      <h2 id="ambassador-applications" className="text-lg font-semibold text-slate-900 dark:text-white">
        {t('ambassador.applications.title')}
      </h2>
      <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
        {newestFirst.map((application) => (
          <li key={application.id} className="flex flex-wrap items-start gap-x-3 gap-y-2 px-4 py-3 text-sm">
            <div className="min-w-0 flex-1 basis-64">
              <p className="text-xs text-slate-600 dark:text-slate-400">
                {t('ambassador.applications.sentOn')}{' '}
                <time dateTime={application.createdAt} dir="ltr">
                  {formatDateTime(application.createdAt, i18n.language, timeZone)}
                </time>
              </p>
              <p
                dir="auto"
                className="mt-1 line-clamp-4 whitespace-pre-line text-slate-800 dark:text-slate-100"
              >
                {application.motivation}
              </p>
            </div>
            <RequestStatusChip status={application.status} />
          </li>
        ))}
      </ul>
    </section>
  );
}
