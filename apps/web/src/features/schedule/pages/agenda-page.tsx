import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NotebookPen } from 'lucide-react';
import type { TAgendaItem } from '@portal/contracts/families/schedule';
import {
  ChildModulePage,
  type TChildModulePageProps,
  type TPageChild,
} from '../../../components/module/child-module-page.tsx';
import { FailureAlert } from '../../../components/module/failure-alert.tsx';
import { QueryState } from '../../../components/module/query-state.tsx';
import { PeriodNav } from '../../../kits/calendar/period-nav.tsx';
import { toApiFailure, type TApiFailure } from '../../../lib/api-error.ts';
import {
  addDays,
  formatDay,
  formatDayRange,
  localeFirstDay,
  todayIn,
  useTimeZone,
  weekStartOf,
} from '../../../lib/dates.ts';
import { useGetAgendaQuery } from '../api.ts';
import { AgendaItem } from '../components/agenda-item.tsx';
import { Bone, Skeleton } from '../../../components/ui/skeleton.tsx';

type TAgendaPageProps = Omit<TChildModulePageProps, 'children' | 'noChildMessage'>;

/** The days the agenda shows at a time: two weeks. */
const WINDOW_DAYS = 14;

/** `/agenda`: the child's homework diary, by day, two weeks at a time; each item can be ticked done. */
export function AgendaPage(props: TAgendaPageProps) {
  const { t } = useTranslation('schedule');
  return (
    <ChildModulePage {...props} noChildMessage={t('agenda.noChild')}>
      {(child) => <AgendaWindow child={child} />}
    </ChildModulePage>
  );
}

function AgendaWindow({ child }: { child: TPageChild }) {
  const { t, i18n } = useTranslation('schedule');
  const lng = i18n.language;
  const today = todayIn(useTimeZone());
  const [from, setFrom] = useState(() => weekStartOf(today, localeFirstDay(lng)));
  const [failure, setFailure] = useState<TApiFailure | null>(null);
  const to = addDays(from, WINDOW_DAYS - 1);
  const query = useGetAgendaQuery({ enrollNumber: child.enrollNumber, from, to });
  const answer = query.currentData;
  const byDay = useMemo(() => {
    const days = new Map<string, TAgendaItem[]>();
    for (const item of answer?.items ?? []) days.set(item.dueOn, [...(days.get(item.dueOn) ?? []), item]);
    return [...days.entries()].sort(([a], [b]) => a.localeCompare(b));
  }, [answer]);
  const range = formatDayRange(from, to, lng);
  const step = (direction: -1 | 1) => {
    setFrom(addDays(from, direction * WINDOW_DAYS));
    setFailure(null);
  };

  return (
    <div className="space-y-4">
      <PeriodNav
        title={range}
        previousLabel={t('agenda.previous')}
        nextLabel={t('agenda.next')}
        onPrevious={() => step(-1)}
        onNext={() => step(1)}
      />
      {failure ? <FailureAlert failure={failure} /> : null}
      {query.isError && !answer ? (
        <QueryState isLoading={false} error={query.error} onRetry={() => void query.refetch()} />
      ) : !answer ? (
        <Skeleton className="space-y-6">
          {[0, 1].map((day) => (
            <div key={day} className="space-y-2">
              <Bone className="h-5 w-40" />
              <Bone className="h-20 w-full rounded-2xl" />
              <Bone className="h-20 w-full rounded-2xl" />
            </div>
          ))}
        </Skeleton>
      ) : byDay.length === 0 ? (
        <div className="rounded-3xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center dark:border-slate-700 dark:bg-slate-900">
          <NotebookPen aria-hidden="true" className="mx-auto size-8 text-slate-400" />
          <p className="mt-3 font-semibold text-slate-900 dark:text-white">{t('agenda.empty')}</p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('agenda.emptyBody')}</p>
        </div>
      ) : (
        <div className="space-y-6">
          {byDay.map(([day, items]) => {
            const headingId = `agenda-${day}`;
            return (
              <section key={day} aria-labelledby={headingId} className="space-y-2">
                <h2
                  id={headingId}
                  className="flex flex-wrap items-center gap-2 font-semibold text-slate-900 dark:text-white"
                >
                  <time dateTime={day}>
                    {formatDay(day, lng, { weekday: 'long', day: 'numeric', month: 'long' })}
                  </time>{' '}
                  {day === today ? (
                    <span className="rounded-full bg-purple-100 px-2 py-0.5 text-xs font-semibold text-purple-800 dark:bg-purple-900/60 dark:text-purple-100">
                      {t('agenda.today')}
                    </span>
                  ) : null}
                </h2>
                <ul className="space-y-2">
                  {items.map((item) => (
                    <AgendaItem
                      key={item.id}
                      item={item}
                      enrollNumber={child.enrollNumber}
                      onFailure={(error) => setFailure(error ? toApiFailure(error) : null)}
                    />
                  ))}
                </ul>
              </section>
            );
          })}
        </div>
      )}
    </div>
  );
}
