import {
  combineReducers,
  configureStore,
  type Middleware,
  type Reducer,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import {
  FLUSH,
  PAUSE,
  PERSIST,
  PURGE,
  REGISTER,
  REHYDRATE,
  persistReducer,
  persistStore,
  type Persistor,
} from 'redux-persist';
import type { PersistPartial } from 'redux-persist/es/persistReducer';
import { appConfig } from '../config/app-config.ts';
import { api, type TApiState } from '../lib/api.ts';
import { appSlice } from '../lib/app-slice.ts';
import { localeSlice } from '../lib/locale-slice.ts';
import { sessionPersistStorage } from '../lib/persist-storage.ts';
import { transportSlice } from '../lib/transport-slice.ts';
import { sessionSlice } from '../features/auth/slice.ts';
import type { TTabSync } from '../features/auth/tab-sync.ts';

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  [sessionSlice.reducerPath]: sessionSlice.reducer,
  [localeSlice.reducerPath]: localeSlice.reducer,
  [transportSlice.reducerPath]: transportSlice.reducer,
  [appSlice.reducerPath]: appSlice.reducer,
});

export type TRootState = ReturnType<typeof rootReducer>;

/**
 * Session, locale, transport and the other app state survive a reload (sessionStorage,
 * docs/product-spec.md section 4); the API cache never is persisted.
 */
// redux-persist's types drop the reducer's partial preloaded state, which it passes through as is.
const persistedReducer = persistReducer<TRootState>(
  {
    key: appConfig.storageKeys.persistRoot,
    storage: sessionPersistStorage,
    whitelist: [
      sessionSlice.reducerPath,
      localeSlice.reducerPath,
      transportSlice.reducerPath,
      appSlice.reducerPath,
    ],
    timeout: appConfig.persistTimeoutMs,
  },
  rootReducer,
) as Reducer<TRootState & PersistPartial, UnknownAction, Partial<TRootState>>;

/**
 * Builds the store; tests pass the state they start from. With `tabs`, the session is kept in
 * step with the other tabs of this browser (docs/decisions/017-sessions-across-tabs.md); with
 * `signIn`, a sign-in's answer is acted on as it takes effect (the account's appearance).
 */
export function makeStore(
  preloadedState?: Partial<TRootState>,
  tabs: TTabSync | null = null,
  signIn: Middleware | null = null,
) {
  const store = configureStore({
    reducer: persistedReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) => {
      const extra: Middleware[] = [];
      if (tabs) extra.push(tabs.middleware);
      if (signIn) extra.push(signIn);
      return getDefaultMiddleware({
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }).concat(api.middleware, ...extra);
    },
  });
  setupListeners(store.dispatch);
  return store;
}

/** Starts persistence: restores the saved session, then keeps saving it. */
export function persist(store: TAppStore): Persistor {
  return persistStore(store);
}

export type TAppStore = ReturnType<typeof makeStore>;
export type TAppDispatch = TAppStore['dispatch'];

type TAssert<T extends true> = T;
/** The API layer reads the token and language through `TApiState`: this stops compiling if the shapes drift. */
export type TApiStateCheck = TAssert<TRootState extends TApiState ? true : false>;
