import { Eye, EyeOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../../components/ui/button.tsx';
import { cx } from '../../../lib/class-names.ts';

/** Shows or hides the password; a toggle button, pressed while the password is visible. */
export function PasswordToggle({ visible, onToggle }: { visible: boolean; onToggle: () => void }) {
  const { t } = useTranslation('auth');
  return (
    <button
      type="button"
      aria-pressed={visible}
      aria-label={t('showPassword')}
      onClick={onToggle}
      className={cx(
        'inline-flex size-11 items-center justify-center rounded-lg text-slate-500 hover:text-slate-800 dark:text-slate-400 dark:hover:text-slate-100',
        focusRing,
      )}
    >
      {visible ? (
        <EyeOff aria-hidden="true" className="size-5" />
      ) : (
        <Eye aria-hidden="true" className="size-5" />
      )}
    </button>
  );
}
