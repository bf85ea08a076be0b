import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZFacebookLoginRequest, ZGoogleLoginRequest, ZLoginResponse } from '@portal/contracts/auth';
import { MessageId } from '@portal/contracts/messages';
import { ApiError } from '../../../api-error.ts';
import type { TConfig } from '../../../config.ts';
import type { TDatabase } from '../../../db/client.ts';
import type { TParentRow } from '../../parent/repository.ts';
import { clientOf, startSession } from '../start-session.ts';
import { createFacebookVerifier } from './facebook.ts';
import { createGoogleVerifier } from './google.ts';
import {
  bindSocialId,
  boundSocialId,
  findParentBySocialId,
  findParentsByEmail,
  isUniqueViolation,
  type TSocialIdentity,
  type TSocialProvider,
  type TVerification,
} from './repository.ts';

const PROVIDER_NAMES: Record<TSocialProvider, string> = { google: 'Google', facebook: 'Facebook' };

const notConfigured = (provider: TSocialProvider) =>
  new ApiError(
    400,
    MessageId.socialNotConfigured,
    `This school has not set up ${PROVIDER_NAMES[provider]} sign-in`,
  );
const tokenInvalid = () =>
  new ApiError(401, MessageId.socialTokenInvalid, 'The sign-in could not be verified');
const accountUnknown = () =>
  new ApiError(401, MessageId.socialAccountUnknown, 'No parent account of this school matches this sign-in');
const providerUnavailable = (provider: TSocialProvider) =>
  new ApiError(503, MessageId.serviceUnavailable, `${PROVIDER_NAMES[provider]} sign-in is unavailable`, {
    'retry-after': '30',
  });

/** Turns a provider's verdict into the identity, or the answer the parent gets. */
function identityOf(
  provider: TSocialProvider,
  result: TVerification,
  log: FastifyBaseLogger,
): TSocialIdentity {
  if (result.ok) return result.identity;
  if (result.failure === 'unavailable') {
    log.warn({ provider, reason: result.reason }, 'identity provider unavailable');
    throw providerUnavailable(provider);
  }
  log.info({ provider, reason: result.reason }, 'social sign-in refused');
  throw tokenInvalid();
}

/**
 * The parent of this school this identity belongs to: the one already bound to the
 * provider's user id, else the only parent whose email is the one the provider vouches
 * for, which is then bound to that id. Never creates an account.
 */
async function matchParent(
  db: TDatabase,
  schoolId: string,
  provider: TSocialProvider,
  identity: TSocialIdentity,
  log: FastifyBaseLogger,
): Promise<TParentRow> {
  const bound = await findParentBySocialId(db, schoolId, provider, identity.id);
  if (bound) return bound;
  const refuse = (reason: string) => {
    log.info({ provider, reason }, 'social sign-in matched no parent');
    return accountUnknown();
  };
  if (!identity.email) throw refuse('the provider gave no email');
  const candidates = await findParentsByEmail(db, schoolId, identity.email);
  const parent = candidates[0];
  if (!parent) throw refuse('no parent has this email');
  if (candidates.length > 1) throw refuse('several parents share this email');
  const existing = boundSocialId(parent, provider);
  if (existing !== null && existing !== identity.id) {
    throw refuse(`parent ${parent.parentId} is bound to another ${provider} account`);
  }
  if (existing === null) {
    let written: boolean;
    try {
      written = await bindSocialId(db, schoolId, parent.parentId, provider, identity.id);
    } catch (error) {
      // A concurrent sign-in bound this id first: whoever holds it now is the one.
      if (!isUniqueViolation(error)) throw error;
      const holder = await findParentBySocialId(db, schoolId, provider, identity.id);
      if (holder) return holder;
      throw error;
    }
    if (!written) {
      // Another sign-in bound this parent in between; it must have been to the same id.
      const again = await findParentBySocialId(db, schoolId, provider, identity.id);
      if (again?.parentId !== parent.parentId) throw refuse('bound to another account meanwhile');
    } else {
      log.info({ provider, parentId: parent.parentId }, 'social account bound to parent');
    }
  }
  return parent;
}

/** /v1/ppn/auth/google-login and /facebook-login: sign in with a Google or Facebook account. */
export const socialRoutes: FastifyPluginAsyncZod<{ db: TDatabase; config: TConfig }> = async (
  app,
  { db, config },
) => {
  // Created once: jose keeps Google's keys between requests.
  const google = createGoogleVerifier(config.googleJwksUrl);
  const facebook = createFacebookVerifier(config.facebookGraphUrl);
  const perIp = app.limit({
    max: config.authRateLimitPerIp,
    windowMs: 60_000,
    key: (request) => `ip:${request.routeOptions.url}:${request.ip}`,
  });

  app.post(
    '/google-login',
    { onRequest: perIp, schema: { body: ZGoogleLoginRequest, response: { 200: ZLoginResponse } } },
    async (request) => {
      const { schoolId, googleClientId } = request.school;
      if (googleClientId === '') throw notConfigured('google');
      const result = await google.verify(request.body.credential, googleClientId);
      const identity = identityOf('google', result, request.log);
      const parent = await matchParent(db, schoolId, 'google', identity, request.log);
      return startSession(db, schoolId, parent.parentId, {
        method: 'google',
        client: clientOf(request),
      });
    },
  );

  app.post(
    '/facebook-login',
    { onRequest: perIp, schema: { body: ZFacebookLoginRequest, response: { 200: ZLoginResponse } } },
    async (request) => {
      const { schoolId, facebookAppId, facebookAppSecret } = request.school;
      if (facebookAppId === '' || facebookAppSecret === '') throw notConfigured('facebook');
      const result = await facebook.verify(request.body.accessToken, {
        appId: facebookAppId,
        appSecret: facebookAppSecret,
      });
      const identity = identityOf('facebook', result, request.log);
      const parent = await matchParent(db, schoolId, 'facebook', identity, request.log);
      return startSession(db, schoolId, parent.parentId, {
        method: 'facebook',
        client: clientOf(request),
      });
    },
  );
};
