// First: the remembered theme, before anything else runs or paints.
import './lib/theme-boot.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import './styles.css';
import { initI18n } from './lib/i18n.ts';
import { initSchoolId } from './lib/school-id.ts';
import { createAppRouter } from './app/router.tsx';
import { Providers } from './app/providers.tsx';
import { makeStore, persist } from './app/store.ts';

initSchoolId();
const store = makeStore();
const persistor = persist(store);
const router = createAppRouter();
// The common namespace is loaded before the first render, so even the loading text is translated.
const i18n = await initI18n();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
createRoot(container).render(
  <StrictMode>
    <Providers store={store} i18n={i18n} persistor={persistor}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
