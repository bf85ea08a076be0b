import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionExpired } from './session-events.ts';

/** The spec's other app state (docs/product-spec.md section 3): terms, the current route, the app code. */
export interface TAppState {
  /** Whether the parent agreed to the terms of use. */
  userTermsAgreed: boolean;
  /** The menu key of the route being shown (`home`, `agenda`, ...); '' outside the menu. */
  currentRouteKey: string;
  /** Whether the app code is being checked. */
  appCodeLoading: boolean;
  /** Whether the app code was found valid. */
  appCodeValid: boolean;
}

export const initialAppState: TAppState = {
  userTermsAgreed: false,
  currentRouteKey: '',
  appCodeLoading: false,
  appCodeValid: false,
};

export const appSlice = createSlice({
  name: 'app',
  initialState: initialAppState,
  reducers: {
    userTermsAgreedSet(state, action: PayloadAction<boolean>) {
      state.userTermsAgreed = action.payload;
    },
    currentRouteKeySet(state, action: PayloadAction<string>) {
      state.currentRouteKey = action.payload;
    },
    /** The app code is being checked: the loader is on. */
    appCodeRequested(state) {
      state.appCodeLoading = true;
    },
    /** The app-code data arrived: it sets the valid flag and turns the loader off. */
    appCodeDataSet(state, action: PayloadAction<{ valid: boolean }>) {
      state.appCodeValid = action.payload.valid;
      state.appCodeLoading = false;
    },
  },
  extraReducers: (builder) => {
    // Nothing of an ended session's visit carries over to the next parent.
    builder.addMatcher(sessionExpired.match, () => initialAppState);
  },
  selectors: {
    selectUserTermsAgreed: (state) => state.userTermsAgreed,
    selectCurrentRouteKey: (state) => state.currentRouteKey,
    selectAppCodeLoading: (state) => state.appCodeLoading,
    selectAppCodeValid: (state) => state.appCodeValid,
  },
});

export const { userTermsAgreedSet, currentRouteKeySet, appCodeRequested, appCodeDataSet } = appSlice.actions;
export const { selectUserTermsAgreed, selectCurrentRouteKey, selectAppCodeLoading, selectAppCodeValid } =
  appSlice.selectors;
