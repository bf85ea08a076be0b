import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TAccountSettingsChange } from '@portal/contracts/account';
import { changeLanguage, toLanguage } from '../lib/i18n.ts';
import { useChangeAccountSettingsMutation, useGetAccountSettingsQuery } from '../lib/account-settings-api.ts';
import { setThemeChoice, useThemeState } from '../lib/theme.ts';

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
  const language = toLanguage(i18n.language);
  const theme = choice === 'device' ? null : choice;
  // What this device shows as the account has it: null until the settings first arrive.
  const known = useRef<{ language: string; theme: string | null } | null>(null);

  useEffect(() => {
    if (!settings) return;
    if (known.current === null) {
      known.current = { language: settings.language ?? language, theme: settings.theme ?? theme };
      if (settings.language && settings.language !== language) void changeLanguage(i18n, settings.language);
      if (settings.theme && settings.theme !== theme) setThemeChoice(settings.theme);
      return;
    }
    const change: TAccountSettingsChange = {};
    if (language !== known.current.language) change.language = language;
    if (theme !== known.current.theme) change.theme = theme;
    known.current = { language, theme };
    if (Object.keys(change).length > 0) void save(change);
  }, [settings, language, theme, i18n, save]);
}
