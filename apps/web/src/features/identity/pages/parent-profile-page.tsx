import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/module/page-header.tsx';
import { QueryState } from '../../../components/module/query-state.tsx';
import { toApiFailure } from '../../../lib/api-error.ts';
import { useGetParentProfileQuery, useProposeParentProfileChangeMutation } from '../profile-api.ts';
import { ProfileSkeleton, ProfileView } from './profile-view.tsx';

/**
 * `/parent-profile` (docs/modules.md F6): the parent's own record in sections, the changes they
 * proposed and the school's decisions; "Suggest a change" sends new values for the school to
 * approve. The email address is read-only here (it signs the parent in).
 */
export function ParentProfilePage({ title, icon }: { title: string; icon?: ReactNode }) {
  const query = useGetParentProfileQuery();
  const [send, { isLoading, error, reset }] = useProposeParentProfileChangeMutation();
  const profile = query.currentData;
  return (
    <div className="space-y-6">
      <PageHeader title={title} icon={icon} />
      {query.isError && !profile ? (
        <QueryState isLoading={false} error={query.error} onRetry={() => void query.refetch()} />
      ) : profile ? (
        <ProfileView
          profile={profile}
          sending={isLoading}
          failure={error ? toApiFailure(error) : null}
          resetFailure={reset}
          propose={async (changes, note) => {
            const result = await send({ changes, ...(note ? { note } : {}) });
            return 'data' in result;
          }}
        />
      ) : (
        <ProfileSkeleton />
      )}
    </div>
  );
}
