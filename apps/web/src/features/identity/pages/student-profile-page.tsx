import { useTranslation } from 'react-i18next';
import {
  ChildModulePage,
  type TChildModulePageProps,
  type TPageChild,
} from '../../../components/module/child-module-page.tsx';
import { QueryState } from '../../../components/module/query-state.tsx';
import { toApiFailure } from '../../../lib/api-error.ts';
import { useGetStudentProfileQuery, useProposeStudentProfileChangeMutation } from '../profile-api.ts';
import { ProfileSkeleton, ProfileView } from './profile-view.tsx';

/**
 * `/student-profile` and `/student-profile-asian` (docs/modules.md F6): the header's child's record
 * in the standard field set or in the field set of schools in South Asia, with "Suggest a
 * change" and the changes the family proposed.
 */
type TPageProps = Omit<TChildModulePageProps, 'children' | 'noChildMessage'>;

function ChildProfile({ child, set }: { child: TPageChild; set: 'standard' | 'asian' }) {
  const query = useGetStudentProfileQuery({ enrollNumber: child.enrollNumber, set });
  const [send, { isLoading, error, reset }] = useProposeStudentProfileChangeMutation();
  const profile = query.currentData;
  if (query.isError && !profile)
    return <QueryState isLoading={false} error={query.error} onRetry={() => void query.refetch()} />;
  if (!profile) return <ProfileSkeleton />;
  return (
    <ProfileView
      profile={profile}
      sending={isLoading}
      failure={error ? toApiFailure(error) : null}
      resetFailure={reset}
      propose={async (changes, note) => {
        const result = await send({
          set,
          enrollNumber: child.enrollNumber,
          changes,
          ...(note ? { note } : {}),
        });
        return 'data' in result;
      }}
    />
  );
}

function StudentProfileOf({ set, ...props }: TPageProps & { set: 'standard' | 'asian' }) {
  const { t } = useTranslation('profiles');
  return (
    <ChildModulePage {...props} noChildMessage={t('noChild')}>
      {(child) => <ChildProfile child={child} set={set} />}
    </ChildModulePage>
  );
}

export function StudentProfilePage(props: TPageProps) {
  return <StudentProfileOf {...props} set="standard" />;
}

export function StudentProfileAsianPage(props: TPageProps) {
  return <StudentProfileOf {...props} set="asian" />;
}
