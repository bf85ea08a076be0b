import { useTranslation } from 'react-i18next';
import { ArrowRight, Building2, Cog, UserRound, type LucideIcon } from 'lucide-react';
import type { TRequestActor, TRequestEvent } from '@portal/contracts/kits/requests';
import { formatDateTime, useTimeZone } from '../../lib/dates.ts';
import { RequestStatusChip } from './status-chip.tsx';

const actorIcon: Record<TRequestActor, LucideIcon> = {
  parent: UserRound,
  school: Building2,
  system: Cog,
};

interface TRequestHistoryProps {
  events: readonly TRequestEvent[];
  /** The heading above the timeline; "History" when not given. */
  title?: string;
  /** The heading level within the page. */
  level?: 'h2' | 'h3' | 'h4';
}

/**
 * A request's history as a timeline, oldest first: who made each change (you, the school or
 * the system), when (the school's clock), from which state to which, and the note given. The
 * line runs along the start edge, so it is on the right in Arabic and the arrows turn with it.
 */
export function RequestHistory({ events, title, level = 'h3' }: TRequestHistoryProps) {
  const { t, i18n } = useTranslation('kits');
  const timeZone = useTimeZone();
  const Heading = level;
  const ordered = [...events].sort((a, b) => a.seq - b.seq);
  return (
    <section className="space-y-3">
      <Heading className="text-base font-semibold text-slate-900 dark:text-white">
        {title ?? t('requests.history')}
      </Heading>
      <ol className="relative ms-3.5 space-y-4 border-s-2 border-slate-200 ps-6 dark:border-slate-700">
        {ordered.map((event) => {
          const Icon = actorIcon[event.actor];
          return (
            <li key={event.seq} className="relative">
              <span
                aria-hidden="true"
                className="absolute -start-[calc(2.375rem+1px)] top-0 inline-flex size-7 items-center justify-center rounded-full bg-white text-slate-600 ring-2 ring-slate-200 dark:bg-slate-900 dark:text-slate-300 dark:ring-slate-700"
              >
                <Icon className="size-4" />
              </span>
              <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
                <span className="font-semibold text-slate-900 dark:text-white">
                  {t(`requests.actor.${event.actor}`)}
                </span>
                <time dateTime={event.at} dir="ltr" className="text-xs text-slate-600 dark:text-slate-400">
                  {formatDateTime(event.at, i18n.language, timeZone)}
                </time>
              </p>
              <p className="mt-1.5 flex flex-wrap items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
                {event.from === null ? (
                  <>
                    <span>{t('requests.created')}</span>
                    <RequestStatusChip status={event.to} />
                  </>
                ) : (
                  <>
                    <RequestStatusChip status={event.from} />
                    <span className="sr-only">{t('requests.movedTo')}</span>
                    <ArrowRight aria-hidden="true" className="size-4 text-slate-500 rtl:-scale-x-100" />
                    <RequestStatusChip status={event.to} />
                  </>
                )}
              </p>
              {event.note.trim() !== '' ? (
                <p className="mt-2 rounded-xl border border-slate-200 bg-white px-3 py-2 text-sm text-slate-800 dark:border-slate-700 dark:bg-slate-800/60 dark:text-slate-100">
                  <span className="sr-only">{t('requests.note')} </span>
                  <span dir="auto" className="whitespace-pre-line">
                    {event.note}
                  </span>
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
