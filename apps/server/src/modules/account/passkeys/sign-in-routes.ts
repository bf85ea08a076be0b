import type { FastifyPluginAsync } from 'fastify';
import { generateAuthenticationOptions, verifyAuthenticationResponse } from '@simplewebauthn/server';
import { passkeyEndpoints } from '@portal/contracts/passkeys';
import { MessageId } from '@portal/contracts/messages';
import type { TConfig } from '../../../config.ts';
import type { TDatabase } from '../../../db/client.ts';
import { addEndpoint } from '../../../plugins/endpoint-route.ts';
import type { TSchoolAddress } from '../../../school-address.ts';
import { clientOf, startSession } from '../../auth/start-session.ts';
import { CHALLENGE_TTL_MS, consumeAnsweredChallenge, issueChallenge } from './challenges.ts';
import { relyingPartyOf } from './relying-party.ts';
import { findPasskey, recordPasskeyUse, userHandleOf } from './repository.ts';
import { notVerified, passkeyUnknown, reasonOf } from './refusals.ts';

/**
 * auth/passkey-options and auth/passkey-login: signing in with a passkey of this school, with no
 * username (the passkey says whose it is). Limited like the other sign-in routes: per address,
 * and per credential as per username. The session, its answer and the history's entry are
 * those of a password sign-in (auth/start-session.ts), with the method `passkey`.
 */
export const passkeySignInRoutes: FastifyPluginAsync<{
  db: TDatabase;
  config: TConfig;
  schoolAddress: TSchoolAddress;
}> = async (app, { db, config, schoolAddress }) => {
  const perIp = app.limit({
    max: config.authRateLimitPerIp,
    windowMs: 60_000,
    key: (request) => `ip:${request.routeOptions.url}:${request.ip}`,
  });
  const perCredential = app.limit({
    max: config.authRateLimitPerAccount,
    windowMs: 60_000,
    key: (request) => {
      const body = request.body as { id?: unknown } | undefined;
      return `passkey:${request.school.schoolId}:${typeof body?.id === 'string' ? body.id : ''}`;
    },
  });

  addEndpoint(
    app,
    passkeyEndpoints.signInOptions,
    async (request) => {
      const rp = relyingPartyOf(schoolAddress, request.school);
      const options = await generateAuthenticationOptions({
        rpID: rp.id,
        challenge: await issueChallenge(db, request.school.schoolId, 'sign-in', null),
        timeout: CHALLENGE_TTL_MS,
        userVerification: 'preferred',
        // Empty: any passkey of this site answers, and the browser may offer them as autofill.
        allowCredentials: [],
      });
      return { success: true, messageId: MessageId.ok, options: { ...options, rpId: rp.id } };
    },
    { onRequest: perIp },
  );

  addEndpoint(
    app,
    passkeyEndpoints.signIn,
    async (request) => {
      const rp = relyingPartyOf(schoolAddress, request.school);
      const { schoolId } = request.school;
      const { body } = request;
      // Looked up in this school only: another school's passkey is unknown here.
      const passkey = await findPasskey(db, schoolId, body.id);
      if (!passkey) throw passkeyUnknown();
      // A discoverable passkey names its account: it must be the one the passkey was added to.
      const { userHandle } = body.response;
      if (userHandle && userHandle !== userHandleOf(schoolId, passkey.parentId)) {
        throw notVerified(401, request.log, 'the user handle is not the passkey’s account');
      }
      const challenge = await consumeAnsweredChallenge(
        db,
        schoolId,
        'sign-in',
        null,
        body.response.clientDataJSON,
      );
      if (!challenge) throw notVerified(401, request.log, 'no such challenge, used or expired');
      const verification = await verifyAuthenticationResponse({
        response: {
          ...body,
          response: { ...body.response, userHandle: userHandle ?? undefined },
          clientExtensionResults: {},
        },
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        credential: {
          id: passkey.credentialId,
          publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
          counter: passkey.signCount,
        },
        // As the options asked: verification preferred, not required.
        requireUserVerification: false,
      }).catch((error: unknown) => {
        throw notVerified(401, request.log, reasonOf(error));
      });
      if (!verification.verified) throw notVerified(401, request.log, 'not verified');
      const { newCounter, credentialBackedUp } = verification.authenticationInfo;
      // Removed while it was being checked: it signs in no more.
      if (!(await recordPasskeyUse(db, passkey, { signCount: newCounter, backedUp: credentialBackedUp }))) {
        throw passkeyUnknown();
      }
      return startSession(db, schoolId, passkey.parentId, {
        method: 'passkey',
        client: clientOf(request),
      });
    },
    { onRequest: perIp, preHandler: perCredential },
  );
};
