import { createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import type { TApplicationByRole, TChild, TCurrentYear, TParent, TProfile } from '@portal/contracts/auth';
import { MessageId, type TMessageId } from '@portal/contracts/messages';
import { appConfig } from '../../config/app-config.ts';
import { sessionExpired } from '../../lib/session-events.ts';
import { authApi, signedInWithCode, signedInWithProvider, signedOutEverywhere } from './api.ts';

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
  /**
   * After a Google or Facebook sign-in the parent is signed in at once but stays on the
   * sign-in page until this time (epoch ms), which says where they are going.
   */
  redirectHoldUntil: number | null;
  /** How the last session ended (L003, L011), for the sign-in page to confirm once. */
  notice: TMessageId | null;
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
  redirectHoldUntil: null,
  notice: null,
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

function signIn(state: TSessionState, token: string, profile: TProfile): void {
  state.token = token;
  applyProfile(state, profile);
  state.signedIn = true;
  state.notice = null;
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    /** The sign-in page has shown how the last session ended. */
    noticeShown(state) {
      state.notice = null;
    },
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
      // Password and one-time-code sign-in: the guard sends the parent on at once.
      .addMatcher(isAnyOf(authApi.endpoints.login.matchFulfilled, signedInWithCode), (state, { payload }) => {
        signIn(state, payload.token, payload.profile);
        state.redirectHoldUntil = null;
      })
      // Google and Facebook: signed in at once, sent on after SOCIAL_REDIRECT_DELAY_MS.
      .addMatcher(signedInWithProvider.match, (state, { payload }) => {
        signIn(state, payload.answer.token, payload.answer.profile);
        state.redirectHoldUntil = payload.at + appConfig.socialRedirectDelayMs;
      })
      .addMatcher(authApi.endpoints.getProfile.matchFulfilled, (state, { payload }) => {
        if (state.signedIn) applyProfile(state, payload);
      })
      .addMatcher(sessionExpired.match, () => initialSessionState)
      // Sign-out ends the session whether or not the server answered.
      .addMatcher(
        isAnyOf(authApi.endpoints.signOut.matchFulfilled, authApi.endpoints.signOut.matchRejected),
        () => ({ ...initialSessionState, notice: MessageId.signedOut }),
      )
      // Signing out everywhere is confirmed only when the server revoked every session.
      .addMatcher(signedOutEverywhere.match, () => ({
        ...initialSessionState,
        notice: MessageId.signedOutEverywhere,
      }));
  },
  selectors: {
    selectSignedIn: (state) => state.signedIn,
    selectToken: (state) => state.token,
    selectParent: (state) => state.parent,
    selectChildren: (state) => state.children,
    selectSelectedChild: (state) => state.selectedChild,
    selectCurrentYear: (state) => state.currentYear,
    selectAuthority: (state) => state.authority,
    // A session saved before these fields existed has neither: read them defensively.
    selectRedirectHoldUntil: (state) => state.redirectHoldUntil ?? null,
    selectNotice: (state) => state.notice ?? null,
  },
});

export const { childSelected, noticeShown } = sessionSlice.actions;
export const {
  selectSignedIn,
  selectToken,
  selectParent,
  selectChildren,
  selectSelectedChild,
  selectCurrentYear,
  selectAuthority,
  selectRedirectHoldUntil,
  selectNotice,
} = sessionSlice.selectors;
