import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../features/auth/components/auth-card.tsx';
import { selectSignedIn } from '../../features/auth/slice.ts';
import { UnsubscribePage } from '../../features/inbox/pages/unsubscribe-page.tsx';
import { useSchoolId } from '../../lib/school-id.ts';
import { useAppSelector } from '../hooks.ts';
import { PublicShell } from '../public-shell.tsx';

/**
 * `/unsubscribe?token=`: a mail's unsubscribe link, in the school's public frame whether or not
 * the parent is signed in (docs/decisions/021-publications-and-inbox.md).
 */
export function Component() {
  const { t } = useTranslation('inbox');
  const schoolId = useSchoolId();
  const signedIn = useAppSelector(selectSignedIn);
  const titleId = useId();
  return (
    <PublicShell schoolId={schoolId}>
      <AuthCard titleId={titleId} heading={t('unsubscribe.title')}>
        <UnsubscribePage signedIn={signedIn} />
      </AuthCard>
    </PublicShell>
  );
}
