import { useEffect, useState } from 'react';
import { browserHasWebAuthn } from '../../lib/passkeys.ts';
import { isPickerHost, useSchoolId } from '../../lib/school-id.ts';
import { SignInPage } from '../../features/auth/pages/sign-in-page.tsx';
import { noticeShown, selectIdleSeconds, selectNotice, selectSignedIn } from '../../features/auth/slice.ts';
import { useSignInProviders } from '../../features/school/use-sign-in-providers.ts';
import { useAppDispatch, useAppSelector } from '../hooks.ts';
import { SchoolContact } from '../../features/school/components/school-contact.tsx';
import { SchoolPicker } from '../../features/school/components/school-picker.tsx';
import { PublicShell } from '../public-shell.tsx';
import { useRedirectParam } from '../use-redirect-param.ts';

/** `/sign-in`: the public entry view, composed of the school's identity and the sign-in card. */
export function Component() {
  const dispatch = useAppDispatch();
  const schoolId = useSchoolId();
  const picker = isPickerHost(window.location.hostname);
  const providers = useSignInProviders(schoolId);
  const { target, search } = useRedirectParam();
  // Signed in while still here: a Google or Facebook sign-in waiting to move on (the guard).
  const signedIn = useAppSelector(selectSignedIn);
  // How the last session ended is confirmed once: kept for this visit, cleared from the store.
  const storedNotice = useAppSelector(selectNotice);
  const [notice] = useState(storedNotice);
  const idleSeconds = useAppSelector(selectIdleSeconds);
  useEffect(() => {
    if (storedNotice) dispatch(noticeShown());
  }, [dispatch, storedNotice]);

  return (
    <PublicShell schoolId={schoolId}>
      <SignInPage
        schoolChosen={schoolId !== ''}
        schoolPicker={picker ? <SchoolPicker schoolId={schoolId} /> : null}
        providers={providers}
        // A passkey belongs to the school's own address, not to the picker's.
        passkeys={!picker && browserHasWebAuthn()}
        notice={notice}
        idleSeconds={idleSeconds}
        handoffTo={signedIn ? target : null}
        search={search}
        schoolContact={schoolId ? <SchoolContact schoolId={schoolId} /> : null}
      />
    </PublicShell>
  );
}
