import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TAccountSettingsChange } from '@portal/contracts/account';
import { languageOf } from '../lib/i18n.ts';
import { useChangeAccountSettingsMutation, useGetAccountSettingsQuery } from '../lib/account-settings-api.ts';
import { useThemeState } from '../lib/theme.ts';
import { applyAppearance } from '../features/auth/sign-in-appearance.ts';

/**
 * The language and theme kept on the account (docs/decisions/024-home-actions-menu-account.md):
 * once the account's settings arrive after a sign-in, a saved language or theme is applied on
 * this device; from then on, each change the parent makes (the header's switches, the
 * settings page) is saved back, and nothing else is.
 */
export function useAccountAppearance(): void {
  const { i18n } = useTranslation();
  const { choice } = useThemeState();
  const settings = useGetAccountSettingsQuery().data;
  const [save] = useChangeAccountSettingsMutation();
  // The language being changed to counts as shown: the sign-in applied the account's, which
  // may still be loading when the settings arrive (features/auth/sign-in-appearance.ts).
  const language = languageOf(i18n);
  const theme = choice === 'device' ? null : choice;
  // What the device showed when the shell opened: a change made before the settings arrive is
  // the parent's own, and wins over the saved one.
  const atOpening = useRef({ language, theme });
  // What this device shows as the account has it: null until the settings first arrive.
  const known = useRef<{ language: string | null; theme: string | null } | null>(null);

  useEffect(() => {
    if (!settings) return;
    if (known.current === null) {
      const pickedLanguage = language !== atOpening.current.language;
      const pickedTheme = theme !== atOpening.current.theme;
      known.current = {
        language: pickedLanguage ? settings.language : (settings.language ?? language),
        theme: pickedTheme ? settings.theme : (settings.theme ?? theme),
      };
      applyAppearance(
        { language: pickedLanguage ? null : settings.language, theme: pickedTheme ? null : settings.theme },
        i18n,
      );
      if (!pickedLanguage && !pickedTheme) return;
    }
    const change: TAccountSettingsChange = {};
    if (language !== known.current.language) change.language = language;
    if (theme !== known.current.theme) change.theme = theme;
    known.current = { language, theme };
    if (Object.keys(change).length > 0) void save(change);
  }, [settings, language, theme, i18n, save]);
}
