import { useTranslation } from 'react-i18next';
import { Palette } from 'lucide-react';
import { LANGUAGES } from '@portal/contracts/constants';
import { focusRing } from '../../../components/ui/button.tsx';
import { cx } from '../../../lib/class-names.ts';
import { changeLanguage, toLanguage } from '../../../lib/i18n.ts';
import { setThemeChoice, useThemeState, type TThemeChoice } from '../../../lib/theme.ts';
import { SettingsSection } from './section.tsx';

const THEME_CHOICES: readonly TThemeChoice[] = ['light', 'dark', 'device'];

function Choices<T extends string>({
  legend,
  name,
  options,
  value,
  labelOf,
  langOf,
  onChange,
}: {
  legend: string;
  name: string;
  options: readonly T[];
  value: T;
  labelOf: (option: T) => string;
  langOf?: (option: T) => string;
  onChange: (option: T) => void;
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-slate-800 dark:text-slate-200">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option}
            lang={langOf?.(option)}
            className={cx(
              'inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border px-4 text-sm font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-purple-600',
              option === value
                ? 'border-purple-600 bg-purple-50 text-purple-900 dark:border-purple-400 dark:bg-purple-950/50 dark:text-white'
                : 'border-slate-300 text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option}
              checked={option === value}
              onChange={() => onChange(option)}
              className={cx('size-4 accent-purple-700', focusRing)}
            />
            {labelOf(option)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The language and theme: applied at once and kept on the account, so every device the parent
 * signs in on opens the same way (the shell saves them, docs/modules.md section 5).
 */
export function AppearanceSection() {
  const { t, i18n } = useTranslation(['account', 'common']);
  const { choice } = useThemeState();
  return (
    <SettingsSection icon={Palette} title={t('appearance.title')} intro={t('appearance.intro')}>
      <div className="space-y-5">
        <Choices
          legend={t('appearance.language')}
          name="language"
          options={LANGUAGES}
          value={toLanguage(i18n.language)}
          labelOf={(language) => t(`common:language.names.${language}`)}
          langOf={(language) => language}
          onChange={(language) => void changeLanguage(i18n, language)}
        />
        <Choices
          legend={t('appearance.theme')}
          name="theme"
          options={THEME_CHOICES}
          value={choice}
          labelOf={(option) => t(`common:theme.${option}`)}
          onChange={setThemeChoice}
        />
      </div>
    </SettingsSection>
  );
}
