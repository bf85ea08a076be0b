import { afterEach, describe, expect, it } from 'vitest';
import { ALL_ACCESS_CODES } from '@portal/contracts/menu';
import { child, loginAnswer } from '../../test/fixtures.ts';
import { setSchoolId } from '../../lib/school-id.ts';
import { sessionExpired } from '../../lib/session-events.ts';
import { signedInWithCode } from './api.ts';
import {
  appByRoleSet,
  avatarSet,
  initialSessionState,
  parentReset,
  parentSet,
  sessionSlice,
  type TSessionState,
} from './slice.ts';

const reduce = sessionSlice.reducer;

function signedIn(schoolId = 'bcad'): TSessionState {
  setSchoolId(schoolId);
  return reduce(undefined, signedInWithCode(loginAnswer));
}

afterEach(() => setSchoolId(''));

describe('the session authority', () => {
  it('is the active marker plus the codes granted to the role', () => {
    expect(signedIn('bcad').authority).toEqual(['active', 'PP034']);
  });

  it('holds every menu code at the vendor demo school, whatever the role', () => {
    expect(signedIn('mogra').authority).toEqual(['active', ...ALL_ACCESS_CODES]);
  });

  it('keeps the application names by code, in English and Arabic', () => {
    expect(signedIn().appNameList).toEqual({ PP034: { en: 'Agenda', ar: 'الأجندة' } });
  });
});

describe('session transitions', () => {
  it('set parent: replaces the selected child and that child’s record in the list', () => {
    const renamed = child('E200', 'Lina A. Ahmed');
    const state = reduce(signedIn(), parentSet(renamed));
    expect(state.selectedChild).toEqual(renamed);
    expect(state.children.map((c) => c.sims_student_full_name)).toEqual(['Omar Ahmed', 'Lina A. Ahmed']);
  });

  it('set parent: a child not yet listed joins the list', () => {
    const state = reduce(signedIn(), parentSet(child('E300', 'Huda Ahmed')));
    expect(state.children.map((c) => c.sims_student_enroll_number)).toEqual(['E100', 'E200', 'E300']);
    expect(state.selectedChild?.sims_student_enroll_number).toBe('E300');
  });

  it('reset parent: clears everything', () => {
    expect(reduce(signedIn(), parentReset())).toEqual(initialSessionState);
  });

  it('avatarSet: replaces the selected child and the matching child, by enrolment number', () => {
    const withPhoto = child('E100', 'Omar Ahmed', { sims_student_img: '/media/new.png' });
    const state = reduce(signedIn(), avatarSet(withPhoto));
    expect(state.selectedChild?.sims_student_img).toBe('/media/new.png');
    expect(state.children[0]?.sims_student_img).toBe('/media/new.png');
    expect(state.children[1]?.sims_student_enroll_number).toBe('E200');
    expect(state.children).toHaveLength(2);
  });

  it('app-by-role: appends authorities and replaces the name map and the application list', () => {
    const fees = { comn_appl_code: 'PP008', comn_appl_name_en: 'Fees', comn_appl_name_ar: 'الرسوم' };
    const state = reduce(signedIn(), appByRoleSet([fees], 'bcad'));
    expect(state.authority).toEqual(['active', 'PP034', 'PP008']);
    expect(state.appNameList).toEqual({ PP008: { en: 'Fees', ar: 'الرسوم' } });
    expect(state.applicationList).toEqual([fees]);
  });

  it('app-by-role at the vendor demo school grants every code', () => {
    const state = reduce(initialSessionState, appByRoleSet([], 'mogra'));
    expect(state.authority).toEqual(['active', ...ALL_ACCESS_CODES]);
  });

  it('is cleared by a 401 (sessionExpired), saying so and keeping the page and the child to go back to', () => {
    window.history.replaceState(null, '', '/feepayment?tab=history');
    const state = reduce(signedIn(), sessionExpired('token-123'));
    expect(state).toEqual({
      ...initialSessionState,
      notice: 'L004',
      resume: { path: '/feepayment?tab=history', enrollNumber: 'E100' },
    });
    window.history.replaceState(null, '', '/');
  });
});
