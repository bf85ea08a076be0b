import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TriangleAlert } from 'lucide-react';
import { paths } from '../config/paths.ts';
import { primaryLink } from '../components/ui/button.tsx';
import { cx } from '../lib/class-names.ts';

/**
 * Shown for an unexpected failure while routing or rendering, titled 'Unexpected Application
 * Error!' (docs/product-spec.md section 8), with a way back home (a full load, which starts afresh).
 */
export function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation('common', { useSuspense: false });
  const detail = error instanceof Error ? error.message : '';
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 px-4 dark:bg-slate-950">
      <div className="w-full max-w-lg rounded-3xl border border-slate-200 bg-white p-8 text-center shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <TriangleAlert aria-hidden="true" className="mx-auto size-10 text-amber-600 dark:text-amber-400" />
        <h1 className="mt-4 text-xl font-bold text-slate-900 dark:text-white">
          {t('errors.unexpectedTitle', { defaultValue: 'Unexpected Application Error!' })}
        </h1>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          {t('errors.unexpectedBody', { defaultValue: 'Something went wrong. Please reload the page.' })}
        </p>
        {detail ? (
          <pre className="mt-4 overflow-x-auto rounded-xl bg-slate-100 p-3 text-start text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-300">
            {detail}
          </pre>
        ) : null}
        <a href={paths.dashboard} className={cx('mt-6', primaryLink)}>
          {t('errors.home', { defaultValue: 'Back to the home page' })}
        </a>
      </div>
    </main>
  );
}

type TBoundaryProps = { pathname: string; children: ReactNode };
/** The failure shown, and the path it happened on (known from the render after it). */
type TBoundaryState = { failure: { error: unknown; pathname: string | null } | null };

/**
 * Shows `RouteError` for a failure thrown while a view renders or its code loads (a chunk the
 * network did not deliver), until the parent goes to another path.
 */
export class RouteErrorBoundary extends Component<TBoundaryProps, TBoundaryState> {
  override state: TBoundaryState = { failure: null };

  static getDerivedStateFromError(error: unknown): TBoundaryState {
    return { failure: { error, pathname: null } };
  }

  static getDerivedStateFromProps(props: TBoundaryProps, state: TBoundaryState): TBoundaryState | null {
    const { failure } = state;
    if (!failure) return null;
    if (failure.pathname === null) return { failure: { ...failure, pathname: props.pathname } };
    return failure.pathname === props.pathname ? null : { failure: null };
  }

  override render() {
    const { failure } = this.state;
    return failure ? <RouteError error={failure.error} /> : this.props.children;
  }
}
