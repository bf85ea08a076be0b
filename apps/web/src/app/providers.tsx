import { useEffect, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import type { i18n as TI18n } from 'i18next';
import { toLanguage } from '../lib/i18n.ts';
import { localeChanged } from '../lib/locale-slice.ts';
import type { TAppStore } from './store.ts';

interface TProvidersProps {
  /** Its saved state already restored: the page renders once it is (main.tsx). */
  store: TAppStore;
  i18n: TI18n;
  children: ReactNode;
}

/** Mirrors i18next's language into the store's locale state. */
function LocaleSync({ store, i18n }: { store: TAppStore; i18n: TI18n }) {
  useEffect(() => {
    const sync = (lng: string) => store.dispatch(localeChanged(toLanguage(lng)));
    sync(i18n.language);
    i18n.on('languageChanged', sync);
    return () => i18n.off('languageChanged', sync);
  }, [store, i18n]);
  return null;
}

/** Store and translations: everything the views need around them. */
export function Providers({ store, i18n, children }: TProvidersProps) {
  return (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <LocaleSync store={store} i18n={i18n} />
        {children}
      </I18nextProvider>
    </Provider>
  );
}
