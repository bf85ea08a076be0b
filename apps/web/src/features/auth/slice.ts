import { createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import type { TApplicationByRole, TChild, TCurrentYear, TParent, TProfile } from '@portal/contracts/auth';
import { sessionExpired } from '../../lib/session-events.ts';
import { authApi } from './api.ts';

/** The marker every signed-in parent holds (product spec section 6). */
export const ACTIVE_AUTHORITY = 'active';

/** The parent session (product spec section 3, "Parent session state"). */
export interface TSessionState {
  signedIn: boolean;
  token: string | null;
  parent: TParent | null;
  email: string;
  children: TChild[];
  selectedChild: TChild | null;
  currentYear: TCurrentYear | null;
  /** The saved dashboard layouts; the first item's `layout_data` is a JSON string. */
  dashboardLayout: { layout_data: string }[];
  /** 'active' plus the granted application codes. */
  authority: string[];
  /** Application names by code, in English and Arabic. */
  appNameList: Record<string, { en: string; ar: string }>;
  /** The applications granted to the parent's role. */
  applicationList: TApplicationByRole[];
}

export const initialSessionState: TSessionState = {
  signedIn: false,
  token: null,
  parent: null,
  email: '',
  children: [],
  selectedChild: null,
  currentYear: null,
  dashboardLayout: [],
  authority: [],
  appNameList: {},
  applicationList: [],
};

/** Authority from the granted applications: the active marker first, no duplicates. */
export function authorityOf(applications: readonly TApplicationByRole[]): string[] {
  return [...new Set([ACTIVE_AUTHORITY, ...applications.map((app) => app.comn_appl_code)])];
}

function applyProfile(state: TSessionState, profile: TProfile): void {
  state.parent = profile.parent;
  state.email = profile.email;
  state.children = profile.children;
  // Keep the parent's choice when the child is still listed, else the first child.
  const selected = state.selectedChild?.sims_student_enroll_number;
  state.selectedChild =
    profile.children.find((child) => child.sims_student_enroll_number === selected) ??
    profile.children[0] ??
    null;
  state.currentYear = profile.currentYear;
  state.dashboardLayout = profile.dashboardLayout;
  state.applicationList = profile.applicationByRole;
  state.authority = authorityOf(profile.applicationByRole);
  state.appNameList = Object.fromEntries(
    profile.applicationByRole.map((app) => [
      app.comn_appl_code,
      { en: app.comn_appl_name_en, ar: app.comn_appl_name_ar },
    ]),
  );
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    /** The parent chose a child, by enrolment number. */
    childSelected(state, action: PayloadAction<string>) {
      const child = state.children.find(
        (candidate) => candidate.sims_student_enroll_number === action.payload,
      );
      if (child) state.selectedChild = child;
    },
  },
  extraReducers: (builder) => {
    builder
      .addMatcher(authApi.endpoints.login.matchFulfilled, (state, { payload }) => {
        state.token = payload.token;
        applyProfile(state, payload.profile);
        state.signedIn = true;
      })
      .addMatcher(authApi.endpoints.getProfile.matchFulfilled, (state, { payload }) => {
        if (state.signedIn) applyProfile(state, payload);
      })
      // Sign-out ends the session whether or not the server answered.
      .addMatcher(
        isAnyOf(
          sessionExpired,
          authApi.endpoints.signOut.matchFulfilled,
          authApi.endpoints.signOut.matchRejected,
        ),
        () => initialSessionState,
      );
  },
  selectors: {
    selectSignedIn: (state) => state.signedIn,
    selectToken: (state) => state.token,
    selectParent: (state) => state.parent,
    selectChildren: (state) => state.children,
    selectSelectedChild: (state) => state.selectedChild,
    selectCurrentYear: (state) => state.currentYear,
    selectAuthority: (state) => state.authority,
  },
});

export const { childSelected } = sessionSlice.actions;
export const {
  selectSignedIn,
  selectToken,
  selectParent,
  selectChildren,
  selectSelectedChild,
  selectCurrentYear,
  selectAuthority,
} = sessionSlice.selectors;
