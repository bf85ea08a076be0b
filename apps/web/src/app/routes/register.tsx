import { isPickerHost, useSchoolId } from '../../lib/school-id.ts';
import { RegisterPage } from '../../features/auth/pages/register-page.tsx';
import { SchoolContact } from '../../features/school/components/school-contact.tsx';
import { SchoolPicker } from '../../features/school/components/school-picker.tsx';
import { PublicShell } from '../public-shell.tsx';
import { useRedirectParam } from '../use-redirect-param.ts';

/** `/register`: claiming the account the school created, in the public entry view. */
export function Component() {
  const schoolId = useSchoolId();
  const picker = isPickerHost(window.location.hostname);
  const { search } = useRedirectParam();
  return (
    <PublicShell schoolId={schoolId}>
      <RegisterPage
        schoolChosen={schoolId !== ''}
        schoolPicker={picker ? <SchoolPicker schoolId={schoolId} /> : null}
        search={search}
        schoolContact={schoolId ? <SchoolContact schoolId={schoolId} /> : null}
      />
    </PublicShell>
  );
}
