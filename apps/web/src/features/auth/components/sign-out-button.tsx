import { LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../../components/ui/button.tsx';
import { cx } from '../../../lib/class-names.ts';
import { useSignOutMutation } from '../api.ts';

/**
 * Signs out: tells the server, then the session is cleared whatever it answered (the slice
 * handles both outcomes) and the route guard goes to sign-in.
 */
export function SignOutButton({ token }: { token: string | null }) {
  const { t } = useTranslation('common');
  const [signOut, { isLoading }] = useSignOutMutation();
  // Without a token the server answers 401, which clears the session just the same.
  const onClick = () => signOut(token ?? '');
  return (
    <button
      type="button"
      onClick={() => void onClick()}
      disabled={isLoading}
      className={cx(
        'inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-xl px-3 text-sm font-semibold text-slate-700 transition-colors hover:bg-red-50 hover:text-red-700 disabled:opacity-60 dark:text-slate-200 dark:hover:bg-red-950/50 dark:hover:text-red-300',
        focusRing,
      )}
    >
      <LogOut aria-hidden="true" className="size-5 rtl:-scale-x-100" />
      <span className="sr-only sm:not-sr-only">{t('signOut')}</span>
    </button>
  );
}
