import { useEffect, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import { PersistGate } from 'redux-persist/integration/react';
import type { i18n as TI18n } from 'i18next';
import type { Persistor } from 'redux-persist';
import { Loading } from '../components/ui/loading.tsx';
import { toLanguage } from '../lib/i18n.ts';
import { localeChanged } from '../lib/locale-slice.ts';
import type { TAppStore } from './store.ts';

interface TProvidersProps {
  store: TAppStore;
  i18n: TI18n;
  /** Absent in tests, which start from a preloaded state. */
  persistor?: Persistor;
  children: ReactNode;
}

/** Mirrors i18next's language into the store's locale state (after the session is restored). */
function LocaleSync({ store, i18n }: { store: TAppStore; i18n: TI18n }) {
  useEffect(() => {
    const sync = (lng: string) => store.dispatch(localeChanged(toLanguage(lng)));
    sync(i18n.language);
    i18n.on('languageChanged', sync);
    return () => i18n.off('languageChanged', sync);
  }, [store, i18n]);
  return null;
}

/** Store, persisted session, translations: everything the views need around them. */
export function Providers({ store, i18n, persistor, children }: TProvidersProps) {
  return (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        {persistor ? (
          <PersistGate loading={<Loading />} persistor={persistor}>
            <LocaleSync store={store} i18n={i18n} />
            {children}
          </PersistGate>
        ) : (
          <>
            <LocaleSync store={store} i18n={i18n} />
            {children}
          </>
        )}
      </I18nextProvider>
    </Provider>
  );
}
