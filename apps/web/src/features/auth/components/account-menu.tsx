import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LogOut, MonitorSmartphone, Settings, UserRound } from 'lucide-react';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { MenuButton } from '../../../components/ui/menu-button.tsx';
import { toApiFailure, type TApiFailure } from '../../../lib/api-error.ts';
import { paths } from '../../../config/paths.ts';
import { useSignOutMutation } from '../api.ts';
import { useSignOutAllMutation } from '../account-api.ts';

/** Why signing out everywhere failed; the message texts load only then. */
function SignOutAllError({ failure }: { failure: TApiFailure }) {
  const { t } = useTranslation(['messages', 'common']);
  return <ErrorAlert>{t(failure.key, { defaultValue: t('messages:L000') })}</ErrorAlert>;
}

interface TAccountMenuProps {
  /** The parent's name, which names the menu. */
  name: string | undefined;
  token: string | null;
}

/**
 * The profile menu of the header: the account settings, and signing out here or on every
 * device. Either way the session is cleared (the slice) and the route guard goes to sign-in,
 * where the sign-out is confirmed.
 * Signing out everywhere that the server could not confirm keeps the session and says so.
 */
export function AccountMenu({ name, token }: TAccountMenuProps) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const [signOut, signOutState] = useSignOutMutation();
  const [signOutAll, signOutAllState] = useSignOutAllMutation();
  // Without a token the server answers 401, which clears the session just the same.
  const bearer = token ?? '';
  const busy = signOutState.isLoading || signOutAllState.isLoading;
  const failure = signOutAllState.error ? toApiFailure(signOutAllState.error) : null;

  return (
    <div className="relative">
      <MenuButton
        disabled={busy}
        items={[
          {
            id: 'settings',
            label: t('accountSettings'),
            icon: <Settings aria-hidden="true" className="size-5 shrink-0" />,
            onSelect: () => void navigate(paths.settings),
          },
          {
            id: 'sign-out',
            label: t('signOut'),
            icon: <LogOut aria-hidden="true" className="size-5 shrink-0 rtl:-scale-x-100" />,
            onSelect: () => void signOut(bearer),
          },
          {
            id: 'sign-out-all',
            label: t('signOutEverywhere'),
            icon: <MonitorSmartphone aria-hidden="true" className="size-5 shrink-0" />,
            onSelect: () => {
              signOutAllState.reset();
              void signOutAll(bearer);
            },
            danger: true,
          },
        ]}
      >
        <UserRound aria-hidden="true" className="size-5 shrink-0" />
        <span className="sr-only max-w-40 truncate sm:not-sr-only">{name || t('account')}</span>
      </MenuButton>
      {failure ? (
        <div className="absolute end-0 top-full z-10 mt-2 w-72 max-w-[calc(100vw-1.5rem)]">
          <Suspense fallback={null}>
            <SignOutAllError failure={failure} />
          </Suspense>
        </div>
      ) : null}
    </div>
  );
}
