// First: the remembered theme, before anything else runs or paints.
import './lib/theme-boot.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import './styles.css';
import { readBootData } from './lib/boot-data.ts';
import { initI18n } from './lib/i18n.ts';
import { linkSchoolManifest, registerServiceWorker } from './lib/installed-app.ts';
import { followAnswerOwner } from './lib/offline/kept-answers.ts';
import { getSchoolId, initSchoolId } from './lib/school-id.ts';
import { AppRoutes, namespacesOf, preloadViewsOf } from './app/router.tsx';
import { Providers } from './app/providers.tsx';
import { makeStore, persist } from './app/store.ts';
import { appearanceOnSignIn } from './features/auth/sign-in-appearance.ts';
import { openTabSync, receiveSessionFromTabs, restored } from './features/auth/tab-sync.ts';
import { schoolApi } from './features/school/api.ts';

initSchoolId();
const tabs = openTabSync();
const signInAppearance = appearanceOnSignIn();
const store = makeStore(undefined, tabs, signInAppearance.middleware);
const persistor = persist(store);
// The school's details come with the page (docs/decisions/032-boot-data.md); without them they
// are asked for now, side by side with the first page's code and translations, rather than once
// that page has rendered.
const boot = readBootData();
const schoolId = getSchoolId();
const bootDetails = schoolId !== '' && boot?.schoolId === schoolId ? boot.schoolDetails : null;
if (bootDetails) {
  void store.dispatch(schoolApi.util.upsertQueryData('getSchoolDetails', schoolId, bootDetails));
} else if (schoolId !== '') {
  void store.dispatch(schoolApi.util.prefetch('getSchoolDetails', schoolId, {}));
}
// The first page's code is asked for now, beside its translations.
preloadViewsOf(window.location.pathname);
// The common namespace and the first page's are loaded before the first render (those the
// page's boot data holds are there already), so even the loading text is translated and the
// page does not wait for its own translations.
// Meanwhile the saved session is restored (the first render is then the page itself, not a
// loading view first), and a new tab without a session of its own may receive one from an open tab.
const [i18n] = await Promise.all([
  initI18n({ namespaces: namespacesOf(window.location.pathname), boot }),
  restored(persistor).then(() => receiveSessionFromTabs(store, persistor, tabs)),
]);

// Answers kept for offline reading are the signed-in parent's only: known once the saved session
// has been restored (or received from another tab). The school's details the page brought were
// not asked for: they are, once a parent is signed in, to be kept like the answers Home shows.
const keepBootDetails = () => {
  void store.dispatch(schoolApi.util.prefetch('getSchoolDetails', schoolId, { force: true }));
};
void restored(persistor).then(() => followAnswerOwner(store, bootDetails ? keepBootDetails : undefined));
signInAppearance.follow(i18n);
linkSchoolManifest(i18n);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
createRoot(container).render(
  <StrictMode>
    <Providers store={store} i18n={i18n}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  </StrictMode>,
);
registerServiceWorker();
