import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CircleCheck } from 'lucide-react';
import { focusRing } from '../../../components/ui/button.tsx';
import { appConfig } from '../../../config/app-config.ts';
import { toApiFailure } from '../../../lib/api-error.ts';
import { cx } from '../../../lib/class-names.ts';
import { formatDate } from '../../../lib/dates.ts';
import { useGetFeeDetailsQuery } from '../api.ts';
import { formatMoney } from '../../../lib/money-format.ts';

interface TFeesWidgetProps {
  childList: readonly { enrollNumber: string; name: string }[];
  /** The fee payment page. */
  payPath: string;
  /** Makes a child the selected one before their fee page opens. */
  onChooseChild: (enrollNumber: string) => void;
}

/**
 * The dashboard's "Fees" widget: for each child, the total still owed (earlier years' too),
 * what of it is overdue and due (the fee page's own figures), the next due date, and a way to pay.
 */
export function FeesWidget({ childList, payPath, onChooseChild }: TFeesWidgetProps) {
  const { t } = useTranslation('fees');
  if (childList.length === 0)
    return <p className="text-sm text-slate-600 dark:text-slate-300">{t('noChild')}</p>;
  return (
    <ul className="grid gap-3 md:grid-cols-2">
      {childList.map((child) => (
        <li key={child.enrollNumber}>
          <ChildFees child={child} payPath={payPath} onChooseChild={onChooseChild} />
        </li>
      ))}
    </ul>
  );
}

/** Grey shapes where a child's figures will be, so the card keeps its size while they load. */
function LoadingFigures() {
  const { t } = useTranslation('common');
  const bar = 'rounded-lg bg-slate-200 dark:bg-slate-800';
  return (
    <div role="status" className="flex animate-pulse flex-col gap-3 motion-reduce:animate-none">
      <span className="sr-only">{t('loading')}</span>
      <span className={cx(bar, 'h-4 w-28')} />
      <span className={cx(bar, 'h-7 w-44')} />
      <span className="grid grid-cols-2 gap-2 border-t border-slate-100 pt-3 dark:border-slate-800">
        <span className={cx(bar, 'h-9')} />
        <span className={cx(bar, 'h-9')} />
      </span>
      <span className={cx(bar, 'h-11 w-32 rounded-xl')} />
    </div>
  );
}

function ChildFees({
  child,
  payPath,
  onChooseChild,
}: {
  child: { enrollNumber: string; name: string };
  payPath: string;
  onChooseChild: (enrollNumber: string) => void;
}) {
  const { t, i18n } = useTranslation(['fees', 'messages']);
  const lng = i18n.language;
  const { data, error, isLoading } = useGetFeeDetailsQuery(child.enrollNumber, {
    refetchOnMountOrArgChange: true,
  });
  const headingId = useId();
  let body;
  if (data) {
    const { summary, currency } = data;
    const money = (minor: number) => formatMoney(minor, currency, lng);
    const earlier = summary.earlierMinor;
    const owed = summary.overdueMinor + summary.dueMinor;
    body =
      owed === 0 ? (
        <p className="flex items-center gap-2 text-sm text-emerald-800 dark:text-emerald-200">
          <CircleCheck aria-hidden="true" className="size-4" />
          {t('widget.allPaid')}
        </p>
      ) : (
        <>
          <div>
            <p className="text-sm text-slate-600 dark:text-slate-300">{t('summary.totalOwed')}</p>
            <p className="text-2xl font-bold text-slate-900 tabular-nums dark:text-white">{money(owed)}</p>
            {earlier > 0 ? (
              <p className="text-sm text-amber-800 dark:text-amber-200">
                {t('summary.includesEarlier', { amount: money(earlier) })}
              </p>
            ) : null}
          </div>
          <dl className="grid grid-cols-2 gap-2 border-t border-slate-100 pt-3 text-sm dark:border-slate-800">
            <div>
              <dt className="text-slate-600 dark:text-slate-300">{t('summary.overdue')}</dt>
              <dd
                className={cx(
                  'font-bold tabular-nums',
                  summary.overdueMinor > 0
                    ? 'text-red-700 dark:text-red-300'
                    : 'text-slate-900 dark:text-white',
                )}
              >
                {money(summary.overdueMinor)}
              </dd>
            </div>
            <div>
              <dt className="text-slate-600 dark:text-slate-300">{t('summary.due')}</dt>
              <dd className="font-bold text-slate-900 tabular-nums dark:text-white">
                {money(summary.dueMinor)}
              </dd>
            </div>
          </dl>
          {summary.nextDueOn ? (
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {t('widget.nextDue', {
                date: formatDate(summary.nextDueOn, lng, appConfig.dateFormats.long),
                amount: money(summary.nextDueMinor),
              })}
            </p>
          ) : null}
          <Link
            to={payPath}
            onClick={() => onChooseChild(child.enrollNumber)}
            aria-describedby={headingId}
            className={cx(
              'mt-auto inline-flex min-h-11 w-fit items-center justify-center rounded-xl bg-purple-600 px-4 text-sm font-semibold text-white hover:bg-purple-700',
              focusRing,
            )}
          >
            {t('widget.pay')}
          </Link>
        </>
      );
  } else if (error) {
    body = (
      <p className="text-sm text-red-700 dark:text-red-300">
        {t(toApiFailure(error).key, { defaultValue: t('messages:L000') })}
      </p>
    );
  } else {
    body = isLoading ? <LoadingFigures /> : null;
  }
  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <h3 id={headingId} className="font-semibold text-slate-900 dark:text-white">
        <bdi>{child.name}</bdi>
      </h3>
      {body}
    </article>
  );
}
