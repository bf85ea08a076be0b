import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChevronRight } from 'lucide-react';
import { focusRing } from '../../../components/ui/button.tsx';
import { Bone, Skeleton } from '../../../components/ui/skeleton.tsx';
import { cx } from '../../../lib/class-names.ts';
import type { TModuleLook } from './quick-links.tsx';

/** Where a part of a child's glance stands: on its way, not read this time, or read. */
export type TGlancePartState<T> =
  { status: 'loading' } | { status: 'failed' } | { status: 'ready'; value: T };

/** The module a part comes from, as the menu draws it, and its page. */
export type TGlanceModule = TModuleLook & { path: string };

interface TGlancePartProps<T> {
  module: TGlanceModule;
  /** The child the part is about: its link opens the module's page on them. */
  child: { enrollNumber: string; name: string };
  title: string;
  /** What the part is about: the month, the day of the lessons. */
  subtitle?: string;
  state: TGlancePartState<T>;
  onRetry: () => void;
  children: (value: T) => ReactNode;
}

/**
 * One part of a child's glance (attendance, lessons, results): its heading and a link to its
 * page, then its content, the shape of it while it loads, or why it is missing and a retry.
 */
export function GlancePart<T>({
  module,
  child,
  title,
  subtitle,
  state,
  onRetry,
  children,
}: TGlancePartProps<T>) {
  const { t } = useTranslation('dashboard');
  return (
    <div className="border-t border-slate-100 pt-3 dark:border-slate-800">
      <div className="flex items-center gap-2">
        <span
          aria-hidden="true"
          className={cx('grid size-8 shrink-0 place-items-center rounded-lg', module.tileClassName)}
        >
          {module.icon}
        </span>
        <h4 className="min-w-0 flex-1 text-sm leading-5 font-semibold text-slate-900 dark:text-white">
          {title}
          {subtitle ? ' ' : null}
          {subtitle ? (
            <span className="block text-xs font-normal text-slate-600 dark:text-slate-300">{subtitle}</span>
          ) : null}
        </h4>
        <Link
          to={`${module.path}?${new URLSearchParams({ enrollNumber: child.enrollNumber }).toString()}`}
          className={cx(
            'inline-flex min-h-8 shrink-0 items-center gap-0.5 rounded-lg px-1.5 text-xs font-semibold text-purple-700 hover:bg-purple-50 dark:text-purple-300 dark:hover:bg-purple-950/40',
            focusRing,
          )}
        >
          {module.label}
          <span className="sr-only"> {t('glance.ofChild', { name: child.name })}</span>
          <ChevronRight aria-hidden="true" className="size-3.5 shrink-0 rtl:-scale-x-100" />
        </Link>
      </div>
      <div className="mt-2">
        {state.status === 'ready' ? (
          children(state.value)
        ) : state.status === 'failed' ? (
          <p className="flex flex-wrap items-center gap-x-2 text-sm text-amber-800 dark:text-amber-200">
            {t('glance.partFailed')}
            <button
              type="button"
              onClick={onRetry}
              className={cx(
                'inline-flex min-h-8 items-center rounded-lg px-1.5 font-semibold text-purple-700 underline hover:bg-purple-50 dark:text-purple-300 dark:hover:bg-purple-950/40',
                focusRing,
              )}
            >
              {t('glance.tryAgain')}
            </button>
          </p>
        ) : (
          <Skeleton className="space-y-2">
            <Bone className="h-4 w-3/4" />
            <Bone className="h-4 w-1/2" />
          </Skeleton>
        )}
      </div>
    </div>
  );
}

/** A part with nothing to show: what will appear there. */
export function GlanceEmpty({ children }: { children: ReactNode }) {
  return <p className="text-sm text-slate-600 dark:text-slate-300">{children}</p>;
}
