import type { Middleware, UnknownAction } from '@reduxjs/toolkit';
import type { i18n as TI18n } from 'i18next';
import type { TAppearance, TLoginResponse } from '@portal/contracts/auth';
import { changeLanguage, languageOf } from '../../lib/i18n.ts';
import { readThemeChoice, setThemeChoice } from '../../lib/theme.ts';
import { authApi, signedInWithCode, signedInWithPasskey, signedInWithProvider } from './api.ts';

/** The answer of a sign-in, whichever way the parent signed in; null for any other action. */
function signInAnswerOf(action: UnknownAction): TLoginResponse | null {
  if (authApi.endpoints.login.matchFulfilled(action)) return action.payload;
  if (signedInWithCode.match(action) || signedInWithPasskey.match(action)) return action.payload;
  if (signedInWithProvider.match(action)) return action.payload.answer;
  return null;
}

/** Applies the account's language and theme on this device (a null one leaves the device's). */
export function applyAppearance(appearance: TAppearance, i18n: TI18n): void {
  if (appearance.theme && readThemeChoice() !== appearance.theme) setThemeChoice(appearance.theme);
  if (appearance.language && languageOf(i18n) !== appearance.language)
    void changeLanguage(i18n, appearance.language);
}

/**
 * The language and theme kept on the account, applied as a sign-in takes effect
 * (docs/decisions/024-home-actions-menu-account.md): the theme before the first signed-in page
 * paints, the language's translations on their way before that page asks for them. The store is
 * made before the translations (`follow` names them); no sign-in form shows before then.
 */
export function appearanceOnSignIn(): { middleware: Middleware; follow: (i18n: TI18n) => void } {
  let translations: TI18n | null = null;
  const middleware: Middleware = () => (next) => (action) => {
    const answer = signInAnswerOf(action as UnknownAction);
    if (answer && translations) applyAppearance(answer.appearance, translations);
    return next(action);
  };
  return { middleware, follow: (i18n) => (translations = i18n) };
}
