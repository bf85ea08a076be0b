import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Fingerprint } from 'lucide-react';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { TAuthenticationOptionsAnswer } from '@portal/contracts/passkeys';
import { ErrorAlert, StatusNotice } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { TApiError } from '../../../lib/api.ts';
import { toApiFailure, type TApiFailure } from '../../../lib/api-error.ts';
import { loadWebAuthn, passkeyProblemOf } from '../../../lib/passkeys.ts';
import { usePasskeyLoginMutation, usePasskeySignInOptionsMutation } from '../passkey-api.ts';
import { AuthError } from './auth-error.tsx';

/** The options as the library takes them (the contract checked them; its types are only narrower). */
const optionsOf = (answer: TAuthenticationOptionsAnswer) =>
  answer.options as PublicKeyCredentialRequestOptionsJSON;

/**
 * Waits for a passkey picked from the username field's suggestions; null when the browser
 * offers none here, no challenge came, or the request ended (the button's replaced it, the
 * page was left).
 */
async function autofillCredential(
  challenge: () => Promise<TAuthenticationOptionsAnswer>,
  isActive: () => boolean,
): Promise<AuthenticationResponseJSON | null> {
  try {
    const webauthn = await loadWebAuthn();
    if (!isActive() || !(await webauthn.browserSupportsWebAuthnAutofill())) return null;
    const answer = await challenge();
    if (!isActive()) return null;
    return await webauthn.startAuthentication({ optionsJSON: optionsOf(answer), useBrowserAutofill: true });
  } catch {
    return null;
  }
}

/**
 * "Sign in with a passkey", and the browser's autofill: where the browser offers passkeys in
 * the username field's suggestions (`autocomplete="username webauthn"` on the password form),
 * a request waits for the parent to pick one. The button's request replaces it (the library
 * cancels the one before); when the button's ends without a session, the autofill's starts
 * again (not after its own refusal, which is shown: a browser that answers at once would ask
 * again and again). A success starts the session, and the guard moves on.
 */
export function PasskeySignIn({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation(['auth', 'messages', 'common']);
  const [getOptions] = usePasskeySignInOptionsMutation();
  const [login] = usePasskeyLoginMutation();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<'cancelled' | 'failed' | null>(null);
  const [failure, setFailure] = useState<TApiFailure | null>(null);
  // A new round restarts the autofill's request.
  const [autofillRound, setAutofillRound] = useState(0);

  /** Sends the passkey's answer; false (and says why) when it signs in no one. */
  const signInWith = async (credential: AuthenticationResponseJSON): Promise<boolean> => {
    try {
      await login(credential).unwrap();
      return true;
    } catch (error) {
      setFailure(toApiFailure(error as TApiError));
      return false;
    }
  };

  const onAutofilled = useEffectEvent((credential: AuthenticationResponseJSON) => {
    setNotice(null);
    // A refusal is shown; the autofill waits for the button before it asks again.
    void signInWith(credential);
  });

  useEffect(() => {
    if (!enabled) return;
    let active = true;
    void autofillCredential(
      () => getOptions().unwrap(),
      () => active,
    ).then((credential) => {
      if (credential && active) onAutofilled(credential);
    });
    return () => {
      active = false;
    };
  }, [enabled, autofillRound, getOptions]);

  // Leaving the page ends a request still waiting in the browser.
  useEffect(
    () => () => {
      void loadWebAuthn().then((webauthn) => webauthn.WebAuthnAbortService.cancelCeremony());
    },
    [],
  );

  const onClick = async () => {
    setBusy(true);
    setNotice(null);
    setFailure(null);
    let signedIn = false;
    try {
      const [webauthn, answer] = await Promise.all([loadWebAuthn(), getOptions().unwrap()]);
      let credential;
      try {
        credential = await webauthn.startAuthentication({ optionsJSON: optionsOf(answer) });
      } catch (error) {
        const problem = passkeyProblemOf(error);
        if (problem !== 'replaced') setNotice(problem === 'cancelled' ? 'cancelled' : 'failed');
        return;
      }
      signedIn = await signInWith(credential);
    } catch (error) {
      setFailure(toApiFailure(error as TApiError));
    } finally {
      setBusy(false);
      if (!signedIn) setAutofillRound((round) => round + 1);
    }
  };

  return (
    <div className="space-y-3" aria-busy={busy}>
      {failure ? <AuthError failure={failure} /> : null}
      {notice === 'cancelled' ? <StatusNotice>{t('passkey.cancelled')}</StatusNotice> : null}
      {notice === 'failed' ? <ErrorAlert>{t('passkey.failed')}</ErrorAlert> : null}
      <Button
        variant="secondary"
        className="w-full"
        disabled={!enabled || busy}
        onClick={() => void onClick()}
      >
        {busy ? (
          <Spinner className="border-purple-200 border-t-purple-600 dark:border-purple-900 dark:border-t-purple-400" />
        ) : (
          <Fingerprint aria-hidden="true" className="size-5" />
        )}
        {busy ? t('passkey.waiting') : t('passkey.signIn')}
      </Button>
    </div>
  );
}
