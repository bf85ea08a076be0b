import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowRight, CircleCheck } from 'lucide-react';
import { paths } from '../../../config/paths.ts';
import { primaryLink } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';

/**
 * Shown after a Google or Facebook sign-in, while the page waits SOCIAL_REDIRECT_DELAY_MS
 * before moving on: where the parent is going, and a link to go now.
 */
export function SignedInHandoff({ to }: { to: string }) {
  const { t } = useTranslation('auth');
  return (
    <div role="status" className="space-y-4 text-center">
      <CircleCheck aria-hidden="true" className="mx-auto size-12 text-emerald-600 dark:text-emerald-400" />
      <p className="text-lg font-semibold text-slate-900 dark:text-white">{t('handoff.signedIn')}</p>
      <p className="flex items-center justify-center gap-2 text-sm text-slate-600 dark:text-slate-300">
        <Spinner className="border-purple-200 border-t-purple-600 dark:border-purple-900 dark:border-t-purple-400" />
        {to === paths.dashboard ? t('handoff.toDashboard') : t('handoff.toPage')}
      </p>
      <Link to={to} replace className={primaryLink}>
        {t('handoff.goNow')}
        <ArrowRight aria-hidden="true" className="size-4 rtl:-scale-x-100" />
      </Link>
    </div>
  );
}
