import type { FastifyPluginAsync } from 'fastify';
import { generateRegistrationOptions, verifyRegistrationResponse } from '@simplewebauthn/server';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { COSEALG } from '@simplewebauthn/server/helpers';
import {
  MAX_PASSKEYS,
  TRANSPORTS,
  passkeyEndpoints,
  type TRegistrationResponse,
} from '@portal/contracts/passkeys';
import { MessageId } from '@portal/contracts/messages';
import { sessionInvalid } from '../../../api-error.ts';
import type { TConfig } from '../../../config.ts';
import type { TDatabase } from '../../../db/client.ts';
import type { TMailer } from '../../../mail/mailer.ts';
import { requireSession } from '../../../plugins/auth.ts';
import { addEndpoint } from '../../../plugins/endpoint-route.ts';
import type { TSchoolAddress } from '../../../school-address.ts';
import { browserName } from '../browser-name.ts';
import { accountChangeLimit, findAccount, mailAccountChanged } from '../parent-account.ts';
import { CHALLENGE_TTL_MS, consumeAnsweredChallenge, issueChallenge } from './challenges.ts';
import { relyingPartyOf } from './relying-party.ts';
import {
  countPasskeys,
  deletePasskey,
  findAccountNames,
  insertPasskey,
  listCredentials,
  listPasskeys,
  userHandleOf,
} from './repository.ts';
import { notVerified, passkeyAlreadyAdded, passkeyNotFound, passkeysFull, reasonOf } from './refusals.ts';

/** Challenges to add a passkey one parent may ask for a minute (each is a row until used or expired). */
const REGISTRATION_OPTIONS_PER_MINUTE = 10;

/**
 * The signature algorithms a passkey may use: EdDSA, ES256 and RS256, what authenticators
 * offer (the library would add ML-DSA-44 where Node supports it, which Node marks experimental).
 */
const ALGORITHMS = [COSEALG.EdDSA, COSEALG.ES256, COSEALG.RS256];

/** The transports the browser reported that WebAuthn knows; the others are dropped. */
function knownTransports(transports: readonly string[] = []): string[] {
  return transports.filter((transport) => (TRANSPORTS as readonly string[]).includes(transport));
}

/** The checked body in the library's shape. */
function registrationJson(body: TRegistrationResponse): RegistrationResponseJSON {
  return {
    ...body,
    response: { ...body.response, transports: knownTransports(body.response.transports) },
    clientExtensionResults: {},
  };
}

/**
 * The signed-in parent's passkeys (docs/security.md, Passkeys): list, add (a challenge, then
 * the browser's answer to it), remove. The relying party is the school's host; a passkey needs
 * a discoverable credential (so it signs in without a username), and the parent is told by
 * mail when one is added.
 */
export const passkeyRoutes: FastifyPluginAsync<{
  db: TDatabase;
  config: TConfig;
  mailer: TMailer;
  schoolAddress: TSchoolAddress;
}> = async (app, { db, config, mailer, schoolAddress }) => {
  requireSession(app);
  const ok = { success: true, messageId: MessageId.ok } as const;
  const optionsLimit = app.limit({
    max: REGISTRATION_OPTIONS_PER_MINUTE,
    windowMs: 60_000,
    key: (request) => `passkey-options:${request.session.schoolId}:${request.session.parentId}`,
  });

  addEndpoint(app, passkeyEndpoints.list, async (request) => {
    const { schoolId, parentId } = request.session;
    return { ...ok, items: await listPasskeys(db, schoolId, parentId) };
  });

  addEndpoint(
    app,
    passkeyEndpoints.registrationOptions,
    async (request) => {
      const rp = relyingPartyOf(schoolAddress, request.school);
      const { schoolId, parentId } = request.session;
      const [names, existing] = await Promise.all([
        findAccountNames(db, schoolId, parentId),
        listCredentials(db, schoolId, parentId),
      ]);
      // Deleted by the school since the session was looked up.
      if (!names) throw sessionInvalid();
      if (existing.length >= MAX_PASSKEYS) throw passkeysFull();
      const options = await generateRegistrationOptions({
        rpName: rp.name,
        rpID: rp.id,
        userName: names.username,
        userDisplayName: names.name,
        userID: new Uint8Array(Buffer.from(userHandleOf(schoolId, parentId), 'base64url')),
        challenge: await issueChallenge(db, schoolId, 'register', parentId),
        timeout: CHALLENGE_TTL_MS,
        attestationType: 'none',
        excludeCredentials: existing.map((credential) => ({
          id: credential.id,
          transports: knownTransports(credential.transports),
        })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
        supportedAlgorithmIDs: ALGORITHMS,
      });
      return { ...ok, options };
    },
    { preHandler: optionsLimit },
  );

  addEndpoint(
    app,
    passkeyEndpoints.add,
    async (request, reply) => {
      const rp = relyingPartyOf(schoolAddress, request.school);
      const { schoolId, parentId } = request.session;
      if ((await countPasskeys(db, schoolId, parentId)) >= MAX_PASSKEYS) throw passkeysFull();
      // Used up by this answer whatever comes of it.
      const challenge = await consumeAnsweredChallenge(
        db,
        schoolId,
        'register',
        parentId,
        request.body.response.clientDataJSON,
      );
      if (!challenge) throw notVerified(400, request.log, 'no such challenge, used or expired');
      const verification = await verifyRegistrationResponse({
        response: registrationJson(request.body),
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        // As the options asked: verification preferred, not required.
        requireUserVerification: false,
        supportedAlgorithmIDs: ALGORITHMS,
      }).catch((error: unknown) => {
        throw notVerified(400, request.log, reasonOf(error));
      });
      if (!verification.verified) throw notVerified(400, request.log, 'not verified');
      const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
      const passkey = await insertPasskey(db, {
        schoolId,
        credentialId: credential.id,
        parentId,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        signCount: credential.counter,
        transports: knownTransports(credential.transports),
        deviceType: credentialDeviceType,
        backedUp: credentialBackedUp,
        name: browserName(request.headers['user-agent'] ?? ''),
      });
      if (!passkey) throw passkeyAlreadyAdded();
      const account = await findAccount(db, request);
      mailAccountChanged(app, mailer, request, {
        to: account.email,
        change: 'passkey',
        language: account.language,
      });
      return reply.code(201).send({ ...ok, passkey });
    },
    { preHandler: accountChangeLimit(app, config, 'passkey') },
  );

  addEndpoint(app, passkeyEndpoints.remove, async (request) => {
    const { schoolId, parentId } = request.session;
    if (!(await deletePasskey(db, schoolId, parentId, request.params.credentialId))) throw passkeyNotFound();
    return ok;
  });
};
