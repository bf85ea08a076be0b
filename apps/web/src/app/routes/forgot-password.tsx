import { isPickerHost, useSchoolId } from '../../lib/school-id.ts';
import { ForgotPasswordPage } from '../../features/auth/pages/forgot-password-page.tsx';
import { SchoolPicker } from '../../features/school/components/school-picker.tsx';
import { PublicShell } from '../public-shell.tsx';
import { useRedirectParam } from '../use-redirect-param.ts';

/** `/forgot-password`: a new password through a mailed code, in the public entry view. */
export function Component() {
  const schoolId = useSchoolId();
  const picker = isPickerHost(window.location.hostname);
  const { search } = useRedirectParam();
  return (
    <PublicShell schoolId={schoolId}>
      <ForgotPasswordPage
        schoolChosen={schoolId !== ''}
        schoolPicker={picker ? <SchoolPicker schoolId={schoolId} /> : null}
        search={search}
      />
    </PublicShell>
  );
}
