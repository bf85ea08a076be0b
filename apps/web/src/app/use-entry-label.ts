import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { TMenuEntry } from '@portal/contracts/menu';
import { toLanguage } from '../lib/i18n.ts';
import { entryLabel } from '../features/menu/menu-access.ts';
import { selectAppNameList } from '../features/auth/slice.ts';
import { useAppSelector } from './hooks.ts';

/**
 * A module's name in the current language: the school's application name for it, else the
 * `nav` translation.
 */
export function useEntryLabel(): (entry: TMenuEntry) => string {
  const { t, i18n } = useTranslation('nav');
  const lng = toLanguage(i18n.language);
  const appNames = useAppSelector(selectAppNameList);
  return useCallback(
    (entry: TMenuEntry) => entryLabel(entry, lng, appNames ?? {}, (key) => t(key)),
    [lng, appNames, t],
  );
}
