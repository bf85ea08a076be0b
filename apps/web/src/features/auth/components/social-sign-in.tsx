import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { focusRing } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toApiFailure } from '../../../lib/api-error.ts';
import { cx } from '../../../lib/class-names.ts';
import { toLanguage } from '../../../lib/i18n.ts';
import { useTheme } from '../../../lib/theme.ts';
import { useFacebookLoginMutation, useGoogleLoginMutation } from '../social-api.ts';
import { loadFacebook, loadGoogle, type TFacebookSdk } from '../social-providers.ts';
import { AuthError } from './auth-error.tsx';

interface TSocialSignInProps {
  /** The school's Google client id; '' when Google sign-in is not set up. */
  googleClientId: string;
  /** The school's Facebook app id; '' when Facebook sign-in is not set up. */
  facebookAppId: string;
  enabled: boolean;
}

/** Google's button is drawn by Google inside this width range (px). */
const GOOGLE_BUTTON_WIDTH = { min: 200, max: 400 };

/** Facebook's own mark, as its brand guidelines ask for on a sign-in button. */
function FacebookMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 fill-current">
      <path d="M24 12.07C24 5.4 18.63 0 12 0S0 5.4 0 12.07C0 18.1 4.39 23.1 10.13 24v-8.44H7.08v-3.49h3.05V9.41c0-3.02 1.79-4.7 4.53-4.7 1.31 0 2.68.24 2.68.24v2.97h-1.51c-1.49 0-1.96.93-1.96 1.89v2.26h3.33l-.53 3.49h-2.8V24C19.61 23.1 24 18.1 24 12.07Z" />
    </svg>
  );
}

/**
 * Google and Facebook sign-in, for a school that has set them up. The providers' scripts load
 * only here, when this is shown. A credential goes to the API; on success the session begins
 * at once and the page says where the parent is going before it moves on.
 */
export function SocialSignIn({ googleClientId, facebookAppId, enabled }: TSocialSignInProps) {
  const { t, i18n } = useTranslation(['auth', 'messages', 'common']);
  const lng = toLanguage(i18n.language);
  const theme = useTheme();
  const googleButton = useRef<HTMLDivElement>(null);
  const [facebook, setFacebook] = useState<TFacebookSdk | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [googleLogin, googleState] = useGoogleLoginMutation();
  const [facebookLogin, facebookState] = useFacebookLoginMutation();

  const onGoogleCredential = useEffectEvent((credential: string) => {
    facebookState.reset();
    void googleLogin({ credential });
  });

  useEffect(() => {
    const container = googleButton.current;
    if (!googleClientId || !enabled || !container) return;
    let active = true;
    loadGoogle().then(
      (sdk) => {
        if (!active) return;
        sdk.accounts.id.initialize({
          client_id: googleClientId,
          callback: (response) => onGoogleCredential(response.credential),
          ux_mode: 'popup',
          context: 'signin',
        });
        container.replaceChildren();
        sdk.accounts.id.renderButton(container, {
          type: 'standard',
          theme: theme === 'dark' ? 'filled_black' : 'outline',
          size: 'large',
          text: 'signin_with',
          shape: 'rectangular',
          logo_alignment: 'center',
          width: Math.min(
            GOOGLE_BUTTON_WIDTH.max,
            Math.max(GOOGLE_BUTTON_WIDTH.min, Math.floor(container.clientWidth)),
          ),
          locale: lng,
        });
      },
      () => {
        if (active) setLoadFailed(true);
      },
    );
    return () => {
      active = false;
    };
  }, [googleClientId, enabled, theme, lng]);

  useEffect(() => {
    if (!facebookAppId || !enabled) return;
    let active = true;
    loadFacebook(facebookAppId).then(
      (sdk) => {
        if (active) setFacebook(sdk);
      },
      () => {
        if (active) setLoadFailed(true);
      },
    );
    return () => {
      active = false;
    };
  }, [facebookAppId, enabled]);

  // FB.login opens a pop-up, so it is called straight from the click.
  const onFacebook = () => {
    if (!facebook) return;
    googleState.reset();
    facebook.login(
      (response) => {
        const accessToken = response.authResponse?.accessToken;
        if (accessToken) void facebookLogin({ accessToken });
      },
      { scope: 'email' },
    );
  };

  const error = googleState.error ?? facebookState.error;
  const busy = googleState.isLoading || facebookState.isLoading;

  return (
    <div className="space-y-3" aria-busy={busy}>
      {error ? <AuthError failure={toApiFailure(error)} /> : null}
      {loadFailed ? <ErrorAlert>{t('social.unavailable')}</ErrorAlert> : null}
      {googleClientId ? (
        <div ref={googleButton} data-testid="google-button" className="flex min-h-11 justify-center" />
      ) : null}
      {facebookAppId ? (
        <button
          type="button"
          onClick={onFacebook}
          disabled={!enabled || !facebook || busy}
          className={cx(
            'inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-xl bg-[#0866FF] px-4 text-sm font-semibold text-white shadow-sm transition-colors hover:bg-[#0657dc] disabled:cursor-not-allowed disabled:opacity-60',
            focusRing,
          )}
        >
          {facebookState.isLoading ? <Spinner /> : <FacebookMark />}
          {t('social.facebook')}
        </button>
      ) : null}
    </div>
  );
}
