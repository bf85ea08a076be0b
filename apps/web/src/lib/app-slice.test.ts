import { describe, expect, it } from 'vitest';
import {
  appCodeDataSet,
  appCodeRequested,
  appSlice,
  currentRouteKeySet,
  initialAppState,
  userTermsAgreedSet,
} from './app-slice.ts';
import { localeChanged, localeSlice } from './locale-slice.ts';
import { sessionExpired } from './session-events.ts';
import { initialTransportState, transportSet, transportSlice } from './transport-slice.ts';

describe('app state', () => {
  it('app-code data sets the valid flag and turns the loader off', () => {
    const loading = appSlice.reducer(initialAppState, appCodeRequested());
    expect(loading.appCodeLoading).toBe(true);
    const done = appSlice.reducer(loading, appCodeDataSet({ valid: true }));
    expect(done).toMatchObject({ appCodeLoading: false, appCodeValid: true });
  });

  it('records that the terms were agreed', () => {
    expect(appSlice.reducer(initialAppState, userTermsAgreedSet(true)).userTermsAgreed).toBe(true);
  });

  it('records the current route key', () => {
    expect(appSlice.reducer(initialAppState, currentRouteKeySet('agenda')).currentRouteKey).toBe('agenda');
  });

  it('is cleared when the session ends', () => {
    const state = appSlice.reducer(initialAppState, userTermsAgreedSet(true));
    expect(appSlice.reducer(state, sessionExpired())).toEqual(initialAppState);
  });
});

describe('transport state', () => {
  it('sets the transport value, cleared when the session ends', () => {
    const state = transportSlice.reducer(initialTransportState, transportSet('bus-12'));
    expect(state.transport).toBe('bus-12');
    expect(transportSlice.reducer(state, sessionExpired())).toEqual(initialTransportState);
  });
});

describe('locale state', () => {
  it('sets currentLang', () => {
    expect(localeSlice.reducer(undefined, localeChanged('ar')).currentLang).toBe('ar');
  });
});
