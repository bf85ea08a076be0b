import { createAction, createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import type {
  TApplicationByRole,
  TChild,
  TCurrentYear,
  TLoginResponse,
  TParent,
  TProfile,
} from '@portal/contracts/auth';
import { authorityOf } from '@portal/contracts/authority';
import { ACTIVE_MARKER } from '@portal/contracts/menu';
import { MessageId, type TMessageId } from '@portal/contracts/messages';
import { DEFAULT_TIME_ZONE, SESSION_IDLE_MINUTES, sessionTouchIntervalMs } from '@portal/contracts/constants';
import { appConfig } from '../../config/app-config.ts';
import { paths } from '../../config/paths.ts';
import { getSchoolId } from '../../lib/school-id.ts';
import { currentPath, sessionActivity, sessionExpired } from '../../lib/session-events.ts';
import {
  authApi,
  signedInWithCode,
  signedInWithPasskey,
  signedInWithProvider,
  signedOutEverywhere,
} from './api.ts';

/**
 * How the last session ended, for the sign-in page to say once: a message id (signed out,
 * signed out everywhere, session ended) or `idle` (signed out after the idle time-out).
 */
export type TSessionNotice = TMessageId | 'idle';

/**
 * Where a parent whose session ended without their asking was: the page (path and query) and
 * the selected child's enrolment number. Signing in again leads back there; never the token.
 */
export interface TResume {
  path: string | null;
  enrollNumber: string | null;
}

/** The idle time-out the server uses unless its sign-in answer says otherwise. */
export const DEFAULT_IDLE_SECONDS = SESSION_IDLE_MINUTES * 60;

/** The marker every signed-in parent holds (docs/product-spec.md section 6). */
export const ACTIVE_AUTHORITY = ACTIVE_MARKER;

/** The parent session (docs/product-spec.md section 3, "Parent session state"). */
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
  /** The school's IANA time zone: dates and times are shown in it. */
  timeZone: string;
  /**
   * After a Google or Facebook sign-in the parent is signed in at once but stays on the
   * sign-in page until this time (epoch ms), which says where they are going.
   */
  redirectHoldUntil: number | null;
  /** How the last session ended, for the sign-in page to say once. */
  notice: TSessionNotice | null;
  /** The session ends after this many seconds without an authenticated request (the server says). */
  idleSeconds: number;
  /** When (epoch ms) the server last accepted a request of this session, in any tab. */
  lastActivityAt: number | null;
  /** Where to go back to after signing in again, when the last session ended unasked. */
  resume: TResume | null;
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
  timeZone: DEFAULT_TIME_ZONE,
  redirectHoldUntil: null,
  notice: null,
  idleSeconds: DEFAULT_IDLE_SECONDS,
  lastActivityAt: null,
  resume: null,
};

/**
 * When the session ends for want of use: the idle time after the last request the server
 * accepted, less the time the server may lag in recording it (so never later than the server).
 */
export function idleDeadline(lastActivityAt: number, idleSeconds: number): number {
  const idleMs = idleSeconds * 1000;
  return lastActivityAt + idleMs - sessionTouchIntervalMs(idleMs);
}

/**
 * The session's authority from the applications granted to the parent's role (docs/product-spec.md
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

// The school id is resolved once at start (docs/product-spec.md section 1) and never changes while the
// page lives, so reading it while applying a profile gives the same answer every time.
function applyProfile(state: TSessionState, profile: TProfile, schoolId: string = getSchoolId()): void {
  state.parent = profile.parent;
  state.email = profile.email;
  state.children = profile.children;
  // Keep the parent's choice (or the one of the session that ended unasked) when the child is
  // still listed, else the first child.
  const selected = state.selectedChild?.sims_student_enroll_number ?? state.resume?.enrollNumber;
  state.selectedChild =
    profile.children.find((child) => child.sims_student_enroll_number === selected) ??
    profile.children[0] ??
    null;
  state.currentYear = profile.currentYear;
  state.dashboardLayout = profile.dashboardLayout;
  state.applicationList = profile.applicationByRole;
  state.timeZone = profile.timeZone;
  state.authority = sessionAuthority(schoolId, profile.applicationByRole);
  state.appNameList = appNamesOf(profile.applicationByRole);
}

function signIn(state: TSessionState, answer: TLoginResponse, at: number): void {
  state.token = answer.token;
  applyProfile(state, answer.profile);
  state.signedIn = true;
  state.notice = null;
  state.idleSeconds = answer.idleSeconds;
  state.lastActivityAt = at;
}

/** Whether a session that ended at `at` ran out of idle time (rather than being ended otherwise). */
function idleAt(state: TSessionState, at: number): boolean {
  const last = state.lastActivityAt ?? null;
  return last !== null && at >= idleDeadline(last, state.idleSeconds ?? DEFAULT_IDLE_SECONDS);
}

/** Whether a path is one of the pages for signed-out visitors (sign-in, registration, reset). */
export function isSignedOutPage(pathname: string): boolean {
  const signedOutPages: string[] = [paths.signIn, paths.register, paths.forgotPassword];
  return signedOutPages.includes(pathname);
}

/** A page that can be gone back to after signing in: not one of the signed-out pages. */
function resumablePath(path: string): string | null {
  return isSignedOutPage(path.split('?')[0] ?? '') ? null : path;
}

/**
 * The session ended: nothing of it is kept but how it ended, the idle time-out, and, when it
 * ended unasked, the page and the child to go back to.
 */
function ended(state: TSessionState, notice: TSessionNotice | null, resumeAt: string | null): TSessionState {
  return {
    ...initialSessionState,
    notice,
    idleSeconds: state.idleSeconds ?? DEFAULT_IDLE_SECONDS,
    resume:
      resumeAt === null
        ? null
        : {
            path: resumablePath(resumeAt),
            enrollNumber: state.selectedChild?.sims_student_enroll_number ?? null,
          },
  };
}

/** What an open tab hands a new tab of the same browser: the session without how it ends. */
export type TSharedSession = Omit<TSessionState, 'signedIn' | 'redirectHoldUntil' | 'notice' | 'resume'> & {
  token: string;
};

/** The session of this tab, to hand to another; null when there is none to hand on. */
export function sharedSession(state: TSessionState, now: number = Date.now()): TSharedSession | null {
  if (!state.signedIn || !state.token || idleAt(state, now)) return null;
  const { signedIn: _s, redirectHoldUntil: _r, notice: _n, resume: _p, ...shared } = state;
  return { ...shared, token: state.token };
}

const endedPayload = (token: string, notice: TSessionNotice | null) => ({
  payload: { token, notice, path: currentPath() },
});

/** Another tab of this browser handed over its session (this tab asked for one). */
export const sessionReceived = createAction<TSharedSession>('session/received');
/** The session of `token` ended in another tab of this browser: here too. */
export const sessionEndedElsewhere = createAction('session/endedElsewhere', endedPayload);
/** Another tab of this browser saw the server accept a request of `token` at `at`. */
export const activitySeen = createAction<{ token: string; at: number }>('session/activitySeen');
/** The session of `token` went unused for the idle time-out: it ends in every tab. */
export const idleExpired = createAction('session/idleExpired', (token: string) =>
  endedPayload(token, 'idle'),
);

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
     * Set parent (docs/product-spec.md section 4): the child becomes the selected child and its record
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
      // Password, one-time-code and passkey sign-in: the guard sends the parent on at once.
      .addMatcher(authApi.endpoints.login.matchFulfilled, (state, { payload, meta }) => {
        signIn(state, payload, meta.startedTimeStamp);
        state.redirectHoldUntil = null;
      })
      .addMatcher(isAnyOf(signedInWithCode, signedInWithPasskey), (state, { payload, meta }) => {
        signIn(state, payload, meta.at);
        state.redirectHoldUntil = null;
      })
      // Google and Facebook: signed in at once, sent on after SOCIAL_REDIRECT_DELAY_MS.
      .addMatcher(signedInWithProvider.match, (state, { payload }) => {
        signIn(state, payload.answer, payload.at);
        state.redirectHoldUntil = payload.at + appConfig.socialRedirectDelayMs;
      })
      .addMatcher(sessionReceived.match, (state, { payload }) =>
        state.signedIn ? state : { ...initialSessionState, ...payload, signedIn: true },
      )
      .addMatcher(authApi.endpoints.getProfile.matchFulfilled, (state, { payload }) => {
        if (state.signedIn) applyProfile(state, payload);
      })
      .addMatcher(isAnyOf(sessionActivity, activitySeen), (state, { payload }) => {
        if (state.token !== payload.token) return;
        state.lastActivityAt = Math.max(state.lastActivityAt ?? 0, payload.at);
      })
      // A 401 ends the session it was refused for (not a newer one, and not a failed sign-in).
      .addMatcher(sessionExpired.match, (state, { payload }) => {
        if (!state.token || (payload.token !== null && payload.token !== state.token)) return state;
        return ended(state, idleAt(state, payload.at) ? 'idle' : MessageId.sessionInvalid, payload.path);
      })
      .addMatcher(isAnyOf(idleExpired, sessionEndedElsewhere), (state, { payload }) => {
        if (!state.token || payload.token !== state.token) return state;
        const unasked = payload.notice === 'idle' || payload.notice === MessageId.sessionInvalid;
        return ended(state, payload.notice, unasked ? payload.path : null);
      })
      // Sign-out ends the session whether or not the server answered (not one started since).
      .addMatcher(
        isAnyOf(authApi.endpoints.signOut.matchFulfilled, authApi.endpoints.signOut.matchRejected),
        (state, { meta }) =>
          !state.token || meta.arg.originalArgs !== state.token
            ? state
            : ended(state, MessageId.signedOut, null),
      )
      // Signing out everywhere is confirmed only when the server revoked every session.
      .addMatcher(signedOutEverywhere.match, (state) => ended(state, MessageId.signedOutEverywhere, null));
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
    selectIdleSeconds: (state) => state.idleSeconds ?? DEFAULT_IDLE_SECONDS,
    selectLastActivityAt: (state) => state.lastActivityAt ?? null,
    selectResume: (state) => state.resume ?? null,
    selectTimeZone: (state) => state.timeZone ?? DEFAULT_TIME_ZONE,
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
  selectIdleSeconds,
  selectLastActivityAt,
  selectResume,
  selectTimeZone,
} = sessionSlice.selectors;
