import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowRight, CircleCheck } from 'lucide-react';
import { focusRing } from '../../../components/ui/button.tsx';
import { cx } from '../../../lib/class-names.ts';

/**
 * The last step of a code flow (account activated, password changed): what happened and the
 * way on to sign-in. It takes the focus, so the outcome is read out at once.
 */
export function StepDone({ message, to }: { message: string; to: string }) {
  const { t } = useTranslation('auth');
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => region.current?.focus(), []);
  return (
    <div ref={region} tabIndex={-1} className="space-y-5 text-center outline-none">
      <CircleCheck aria-hidden="true" className="mx-auto size-12 text-emerald-600 dark:text-emerald-400" />
      <p role="status" className="text-base font-semibold text-slate-900 dark:text-white">
        {message}
      </p>
      <Link
        to={to}
        className={cx(
          'inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-xl bg-purple-600 px-5 text-base font-semibold text-white hover:bg-purple-700',
          focusRing,
        )}
      >
        {t('goToSignIn')}
        <ArrowRight aria-hidden="true" className="size-4 rtl:-scale-x-100" />
      </Link>
    </div>
  );
}
