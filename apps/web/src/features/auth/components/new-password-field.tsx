import { useId, useState, type InputHTMLAttributes, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, Circle } from 'lucide-react';
import { LIMITS } from '@portal/contracts/constants';
import { TextField } from '../../../components/ui/text-field.tsx';
import { cx } from '../../../lib/class-names.ts';
import { PasswordToggle } from './password-toggle.tsx';

/** The length a password should have to be strong without composition rules (NIST SP 800-63B). */
const RECOMMENDED_LENGTH = 15;

interface TNewPasswordFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  label: string;
  /** The current value, for the rule list to follow. */
  value: string;
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A new password with its rules in view: at least 8 characters (15 or more recommended), at
 * most 128. Each rule is ticked as it is met; the list describes the field.
 */
export function NewPasswordField({ label, value, error, ...props }: TNewPasswordFieldProps) {
  const { t } = useTranslation('auth');
  const [visible, setVisible] = useState(false);
  const rulesId = useId();
  const length = [...value].length;
  const rules = [
    {
      key: 'min',
      met: length >= LIMITS.passwordMin,
      text: t('passwordRules.min', { length: LIMITS.passwordMin }),
    },
    {
      key: 'recommended',
      met: length >= RECOMMENDED_LENGTH,
      text: t('passwordRules.recommended', { length: RECOMMENDED_LENGTH }),
    },
    {
      key: 'max',
      met: length <= LIMITS.passwordMax,
      text: t('passwordRules.max', { length: LIMITS.passwordMax }),
    },
  ];
  return (
    <div>
      <TextField
        label={label}
        type={visible ? 'text' : 'password'}
        autoComplete="new-password"
        aria-describedby={rulesId}
        error={error}
        endAdornment={<PasswordToggle visible={visible} onToggle={() => setVisible((shown) => !shown)} />}
        {...props}
      />
      <div id={rulesId} className="mt-2 text-xs text-slate-600 dark:text-slate-300">
        <p className="font-medium">{t('passwordRules.title')}</p>
        <ul className="mt-1 space-y-1">
          {rules.map((rule) => (
            <li key={rule.key} className="flex items-center gap-2">
              {rule.met ? (
                <Check
                  aria-hidden="true"
                  className="size-4 shrink-0 text-emerald-600 dark:text-emerald-400"
                />
              ) : (
                <Circle aria-hidden="true" className="size-4 shrink-0 text-slate-400 dark:text-slate-500" />
              )}
              <span className={cx(rule.met && 'text-slate-800 dark:text-slate-100')}>
                {rule.text}
                <span className="sr-only">
                  {' '}
                  {rule.met ? t('passwordRules.met') : t('passwordRules.notMet')}
                </span>
              </span>
            </li>
          ))}
          <li className="flex items-center gap-2">
            <Circle aria-hidden="true" className="size-4 shrink-0 text-slate-400 dark:text-slate-500" />
            {t('passwordRules.common')}
          </li>
        </ul>
      </div>
    </div>
  );
}
