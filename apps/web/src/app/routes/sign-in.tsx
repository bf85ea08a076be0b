import { LanguageSwitch } from '../../components/layout/language-switch.tsx';
import { PublicLayout } from '../../components/layout/public-layout.tsx';
import { ThemeSwitch } from '../../components/layout/theme-switch.tsx';
import { isPickerHost, useSchoolId } from '../../lib/school-id.ts';
import { SignInPage } from '../../features/auth/pages/sign-in-page.tsx';
import { SchoolPanel } from '../../features/school/components/school-panel.tsx';
import { SchoolPicker } from '../../features/school/components/school-picker.tsx';

/** `/sign-in`: the public entry view, composed of the school's identity and the sign-in form. */
export function Component() {
  const schoolId = useSchoolId();
  const picker = isPickerHost(window.location.hostname);
  return (
    <PublicLayout
      panel={<SchoolPanel schoolId={schoolId} />}
      toolbar={
        <>
          <LanguageSwitch />
          <ThemeSwitch />
        </>
      }
    >
      <SignInPage
        schoolChosen={schoolId !== ''}
        schoolPicker={picker ? <SchoolPicker schoolId={schoolId} /> : null}
      />
    </PublicLayout>
  );
}
