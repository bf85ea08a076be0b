import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { TLanguage } from '@portal/contracts/constants';
import { appConfig } from '../config/app-config.ts';

/** The spec's locale state: the current language, mirrored from i18next and persisted. */
export interface TLocaleState {
  currentLang: TLanguage;
}

const initialState: TLocaleState = { currentLang: appConfig.defaultLanguage };

export const localeSlice = createSlice({
  name: 'locale',
  initialState,
  reducers: {
    localeChanged(state, action: PayloadAction<TLanguage>) {
      state.currentLang = action.payload;
    },
  },
  selectors: {
    selectCurrentLang: (state) => state.currentLang,
  },
});

export const { localeChanged } = localeSlice.actions;
export const { selectCurrentLang } = localeSlice.selectors;
