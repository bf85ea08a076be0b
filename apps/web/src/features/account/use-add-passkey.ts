import { useState } from 'react';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import type { TApiError } from '../../lib/api.ts';
import { toApiFailure, type TApiFailure } from '../../lib/api-error.ts';
import { loadWebAuthn, passkeyProblemOf, type TPasskeyProblem } from '../../lib/passkeys.ts';
import { useAddPasskeyMutation, usePasskeyRegistrationOptionsMutation } from './passkeys-api.ts';

/** How the last "add a passkey" ended: added, the browser's problem, or the server's refusal. */
export type TAddPasskeyOutcome =
  | { kind: 'added' }
  | { kind: 'browser'; problem: TPasskeyProblem }
  | { kind: 'refused'; failure: TApiFailure };

/**
 * Adds a passkey: a challenge from the server, the browser's dialog to create the passkey
 * (`@simplewebauthn/browser`, loaded now), then the server keeps it.
 */
export function useAddPasskey() {
  const [getOptions] = usePasskeyRegistrationOptionsMutation();
  const [save] = useAddPasskeyMutation();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<TAddPasskeyOutcome | null>(null);

  const add = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      const [webauthn, answer] = await Promise.all([loadWebAuthn(), getOptions().unwrap()]);
      let credential;
      try {
        // The contract checked the options; the library's types are only narrower.
        const optionsJSON = answer.options as PublicKeyCredentialCreationOptionsJSON;
        credential = await webauthn.startRegistration({ optionsJSON });
      } catch (error) {
        setOutcome({ kind: 'browser', problem: passkeyProblemOf(error) });
        return;
      }
      await save(credential).unwrap();
      setOutcome({ kind: 'added' });
    } catch (error) {
      setOutcome({ kind: 'refused', failure: toApiFailure(error as TApiError) });
    } finally {
      setBusy(false);
    }
  };

  return { add, busy, outcome };
}
