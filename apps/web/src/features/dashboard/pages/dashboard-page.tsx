import { useState } from 'react';
import { CalendarRange } from 'lucide-react';
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
}

/**
 * The home screen: a greeting, the academic year, and the widgets in the parent's order, which
 * they rearrange by dragging or with each widget's buttons; every change is saved and announced.
 */
export function DashboardPage({ parent, currentYear, widgets, savedLayout }: TDashboardPageProps) {
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

  const firstName = greetingName(parent, i18n.language);
  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
            {firstName ? t('greeting', { name: firstName }) : t('greetingAnonymous')}
          </h1>
          <p className="mt-1 text-slate-600 dark:text-slate-300">{t('intro')}</p>
        </div>
        {currentYear ? (
          <p className="inline-flex w-fit items-center gap-2 rounded-full bg-purple-100 px-4 py-2 text-sm font-semibold text-purple-800 dark:bg-purple-900/50 dark:text-purple-100">
            <CalendarRange aria-hidden="true" className="size-4" />
            <span>
              {t('academicYear', {
                year: currentYear.sims_academic_year_description || currentYear.sims_academic_year,
              })}
            </span>
          </p>
        ) : null}
      </div>

      <LayoutToolbar status={status} onReset={onReset} onRetry={retry} />

      <WidgetBoard widgets={ordered} onMove={onMove} />

      <p aria-live="polite" className="sr-only">
        {announcement.text}
        {announcement.count % 2 === 1 ? '\u00a0' : ''}
      </p>
    </div>
  );
}
