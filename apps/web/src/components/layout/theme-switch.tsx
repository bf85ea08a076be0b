import { Moon, Sun, SunMoon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { setThemeChoice, useThemeState, type TThemeChoice } from '../../lib/theme.ts';
import { MenuButton } from '../ui/menu-button.tsx';

const CHOICES: readonly TThemeChoice[] = ['light', 'dark', 'device'];
const ICONS = { light: Sun, dark: Moon, device: SunMoon } as const;

/** The theme menu: light, dark, or the same as the device (until the parent picks, the default). */
export function ThemeSwitch({ className }: { className?: string }) {
  const { t } = useTranslation('common');
  const { choice } = useThemeState();
  const Icon = ICONS[choice];
  return (
    <MenuButton
      label={t('theme.button', { choice: t(`theme.${choice}`) })}
      menuLabel={t('theme.menu')}
      className={className}
      items={CHOICES.map((option) => {
        const OptionIcon = ICONS[option];
        return {
          id: option,
          label: t(`theme.${option}`),
          icon: <OptionIcon aria-hidden="true" className="size-5 shrink-0" />,
          checked: option === choice,
          onSelect: () => setThemeChoice(option),
        };
      })}
    >
      <Icon aria-hidden="true" className="size-5" />
    </MenuButton>
  );
}
