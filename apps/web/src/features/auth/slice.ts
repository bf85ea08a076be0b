import { createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import type { TApplicationByRole, TChild, TCurrentYear, TParent, TProfile } from '@portal/contracts/auth';
import { authorityOf } from '@portal/contracts/authority';
import { ACTIVE_MARKER } from '@portal/contracts/menu';
import { MessageId, type TMessageId } from '@portal/contracts/messages';
import { appConfig } from '../../config/app-config.ts';
import { getSchoolId } from '../../lib/school-id.ts';
import { sessionExpired } from '../../lib/session-events.ts';
import { authApi, signedInWithCode, signedInWithProvider, signedOutEverywhere } from './api.ts';

/** The marker every signed-in parent holds (product spec section 6). */
export const ACTIVE_AUTHORITY = ACTIVE_MARKER;

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

/**
 * The session's authority from the applications granted to the parent's role (product spec
 * section 6): the active marker plus the granted codes; at the vendor demo school, every code.
 */
export function sessionAuthority(schoolId: string, applications: readonly TApplicationByRole[]): string[] {
  return authorityOf(
    schoolId,
    applications.map((app) => app.comn_appl_code),
  );
}

/** Application names by code, in English and Arabic. */
function appNamesOf(applications: readonly TApplicationByRole[]): TSessionState['appNameList'] {
  return Object.fromEntries(
    applications.map((app) => [app.comn_appl_code, { en: app.comn_appl_name_en, ar: app.comn_appl_name_ar }]),
  );
}

/** The app-by-role data and the school it was granted at. */
export interface TAppByRole {
  schoolId: string;
  applications: TApplicationByRole[];
}

// The school id is resolved once at start (product spec section 1) and never changes while the
// page lives, so reading it while applying a profile gives the same answer every time.
function applyProfile(state: TSessionState, profile: TProfile, schoolId: string = getSchoolId()): void {
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
  state.authority = sessionAuthority(schoolId, profile.applicationByRole);
  state.appNameList = appNamesOf(profile.applicationByRole);
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
    /**
     * Set parent (product spec section 4): the child becomes the selected child and its record
     * replaces the listed one with the same enrolment number, or joins the list.
     */
    parentSet(state, action: PayloadAction<TChild>) {
      const child = action.payload;
      const enroll = child.sims_student_enroll_number;
      state.selectedChild = child;
      const index = state.children.findIndex((candidate) => candidate.sims_student_enroll_number === enroll);
      if (index === -1) state.children.push(child);
      else state.children[index] = child;
    },
    /** Reset parent: clears everything the session holds. */
    parentReset: () => initialSessionState,
    /**
     * App-by-role data: the granted codes join the authority (at the vendor demo school, every
     * code); the application name map and the application list are replaced.
     */
    appByRoleSet: {
      reducer(state, action: PayloadAction<TAppByRole>) {
        const { schoolId, applications } = action.payload;
        state.authority = [...new Set([...state.authority, ...sessionAuthority(schoolId, applications)])];
        state.appNameList = appNamesOf(applications);
        state.applicationList = applications;
      },
      prepare(applications: TApplicationByRole[], schoolId: string = getSchoolId()) {
        return { payload: { schoolId, applications } };
      },
    },
    /**
     * A child's record changed (a new photo): it replaces the selected child's record and
     * the matching child in `children`, matched by enrolment number.
     */
    avatarSet(state, action: PayloadAction<TChild>) {
      const child = action.payload;
      const enroll = child.sims_student_enroll_number;
      state.selectedChild = child;
      state.children = state.children.map((candidate) =>
        candidate.sims_student_enroll_number === enroll ? child : candidate,
      );
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
    selectAppNameList: (state) => state.appNameList,
    // A session saved before these fields existed has neither: read them defensively.
    selectRedirectHoldUntil: (state) => state.redirectHoldUntil ?? null,
    selectNotice: (state) => state.notice ?? null,
  },
});

export const { appByRoleSet, avatarSet, childSelected, noticeShown, parentReset, parentSet } =
  sessionSlice.actions;
export const {
  selectSignedIn,
  selectToken,
  selectParent,
  selectChildren,
  selectSelectedChild,
  selectCurrentYear,
  selectAuthority,
  selectAppNameList,
  selectRedirectHoldUntil,
  selectNotice,
} = sessionSlice.selectors;
