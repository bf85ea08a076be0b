import { useTranslation } from 'react-i18next';
import type { TCareRequest } from '@portal/contracts/families/care';
import { RequestStatusChip } from '../../../kits/requests/status-chip.tsx';
import { formatDateTime, useTimeZone } from '../../../lib/dates.ts';

/** The requests the parent made from this page (medical updates, meetings), newest first, with their state. */
export function CareRequests({ requests }: { requests: readonly TCareRequest[] }) {
  const { t, i18n } = useTranslation('care');
  const timeZone = useTimeZone();
  if (requests.length === 0) return null;
  const newestFirst = [...requests].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <section aria-labelledby="care-requests" className="space-y-3">
      <h2 id="care-requests" className="text-lg font-semibold text-slate-900 dark:text-white">
        {t('requests.title')}
      </h2>
      <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
        {newestFirst.map((request) => (
          <li key={request.id} className="flex flex-wrap items-start gap-x-3 gap-y-1 px-4 py-3 text-sm">
            <div className="min-w-0 flex-1">
              <p dir="auto" className="whitespace-pre-line text-slate-800 dark:text-slate-100">
                {request.summary}
              </p>
              <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">
                {t('requests.sentOn')}{' '}
                <time dateTime={request.createdAt} dir="ltr">
                  {formatDateTime(request.createdAt, i18n.language, timeZone)}
                </time>
              </p>
            </div>
            <RequestStatusChip status={request.status} />
          </li>
        ))}
      </ul>
    </section>
  );
}
