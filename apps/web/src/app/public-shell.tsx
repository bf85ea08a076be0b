import { lazy, Suspense, type ReactNode } from 'react';
import { LanguageSwitch } from '../components/layout/language-switch.tsx';
import { PublicLayout } from '../components/layout/public-layout.tsx';
import { ThemeSwitch } from '../components/layout/theme-switch.tsx';
import { SchoolPanel } from '../features/school/components/school-panel.tsx';
import { useSchool } from '../features/school/use-school.ts';
import { Loading } from '../components/ui/loading.tsx';

// Rarely needed: it loads only when the school turns out to be unknown.
const UnknownSchool = lazy(() =>
  import('./unknown-school.tsx').then((module) => ({ default: module.UnknownSchool })),
);

/**
 * The public entry view around a page: the school's identity, the language and theme switches.
 * For a school the portal does not know, the page gives way to one that says so.
 */
export function PublicShell({ schoolId, children }: { schoolId: string; children: ReactNode }) {
  const { isUnknown } = useSchool(schoolId);
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
      {isUnknown ? (
        <Suspense fallback={<Loading fullScreen={false} />}>
          <UnknownSchool schoolId={schoolId} />
        </Suspense>
      ) : (
        children
      )}
    </PublicLayout>
  );
}
