import { useId, useState, type ReactNode } from 'react';
import { CalendarRange, ListTodo } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TCurrentYear, TParent } from '@portal/contracts/auth';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { greetingName } from '../../../lib/local-names.ts';
import { LayoutToolbar } from '../components/layout-toolbar.tsx';
import { WidgetBoard } from '../components/widget-board.tsx';
import { moveTo } from '../layout.ts';
import { useDashboardLayout } from '../use-dashboard-layout.ts';
import type { TDashboardWidget } from '../widget.ts';

interface TDashboardPageProps {
  parent: TParent | null;
  currentYear: TCurrentYear | null;
  /** Every widget offered, in the default order. */
  widgets: readonly TDashboardWidget[];
  /** The profile's saved `layout_data`, or null when none was saved. */
  savedLayout: string | null;
  /** "Needs your action", first below the greeting (not one of the movable widgets). */
  actions: (labelledBy: string) => ReactNode;
}

/**
 * The home screen: a greeting, the academic year, and the widgets in the parent's order, which
 * they rearrange by dragging or with each widget's buttons; every change is saved and announced.
 */
export function DashboardPage({ parent, currentYear, widgets, savedLayout, actions }: TDashboardPageProps) {
  const { t, i18n } = useTranslation(['dashboard', 'common']);
  useDocumentTitle(t('title'), t('common:appName'));
  const { order, status, change, reset, retry } = useDashboardLayout(
    widgets.map((widget) => widget.id),
    savedLayout,
  );
  // A repeated message is told again: a live region says nothing when its text is unchanged.
  const [announcement, setAnnouncement] = useState({ text: '', count: 0 });
  const announce = (text: string) => setAnnouncement(({ count }) => ({ text, count: count + 1 }));

  const ordered = order.flatMap((id) => widgets.filter((widget) => widget.id === id));

  const onMove = (id: string, index: number) => {
    const next = moveTo(order, id, index);
    const widget = widgets.find((candidate) => candidate.id === id);
    change(next);
    if (widget) {
      announce(
        t('layout.moved', { title: widget.title, position: next.indexOf(id) + 1, total: next.length }),
      );
    }
  };

  const onReset = () => {
    reset();
    announce(t('layout.resetDone'));
  };

  const actionsTitleId = useId();
  const firstName = greetingName(parent, i18n.language);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
            {firstName ? t('greeting', { name: firstName }) : t('greetingAnonymous')}
          </h1>
          <p className="mt-1 hidden text-slate-600 sm:block dark:text-slate-300">{t('intro')}</p>
        </div>
        {currentYear ? (
          <p className="inline-flex w-fit items-center gap-2 rounded-full bg-purple-100 px-3 py-1 text-sm font-semibold text-purple-800 sm:px-4 sm:py-2 dark:bg-purple-900/50 dark:text-purple-100">
            <CalendarRange aria-hidden="true" className="size-4" />
            <span>
              {t('academicYear', {
                year: currentYear.sims_academic_year_description || currentYear.sims_academic_year,
              })}
            </span>
          </p>
        ) : null}
      </div>

      <section
        aria-labelledby={actionsTitleId}
        className="rounded-3xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900"
      >
        <h2
          id={actionsTitleId}
          className="mb-2 flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white"
        >
          <ListTodo aria-hidden="true" className="size-5 text-purple-700 dark:text-purple-300" />
          {t('actions.title')}
        </h2>
        {actions(actionsTitleId)}
      </section>

      <LayoutToolbar status={status} onReset={onReset} onRetry={retry} />

      <WidgetBoard widgets={ordered} onMove={onMove} />

      <p aria-live="polite" className="sr-only">
        {announcement.text}
        {announcement.count % 2 === 1 ? '\u00a0' : ''}
      </p>
    </div>
  );
}
