import type { ReactNode } from 'react';
import { LanguageSwitch } from '../components/layout/language-switch.tsx';
import { PublicLayout } from '../components/layout/public-layout.tsx';
import { ThemeSwitch } from '../components/layout/theme-switch.tsx';
import { SchoolPanel } from '../features/school/components/school-panel.tsx';

/** The public entry view around a page: the school's identity, the language and theme switches. */
export function PublicShell({ schoolId, children }: { schoolId: string; children: ReactNode }) {
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
      {children}
    </PublicLayout>
  );
}
