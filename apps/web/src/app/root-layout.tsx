import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Loading } from '../components/ui/loading.tsx';
import { useViewLoading } from './lazy-view.ts';
import { useReadySignal } from './ready-signal.ts';

/** Wraps every view: a skip link, a progress bar while the next view loads, and the view. */
export function RootLayout() {
  const viewLoading = useViewLoading();
  const { t } = useTranslation('common');
  useReadySignal();
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:start-3 focus:top-3 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-semibold focus:text-purple-700 focus:shadow-lg"
      >
        {t('skipToContent')}
      </a>
      {viewLoading ? (
        <div
          role="status"
          className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-purple-100 dark:bg-purple-950"
        >
          <span className="sr-only">{t('loading')}</span>
          <span className="block h-full w-1/3 bg-purple-600 motion-safe:animate-progress rtl:[animation-direction:reverse]" />
        </div>
      ) : null}
      <Suspense fallback={<Loading />}>
        <Outlet />
      </Suspense>
    </>
  );
}
