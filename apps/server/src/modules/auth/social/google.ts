import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { describeFailure, type TVerification } from './repository.ts';

/** The two spellings of Google's issuer (Google's "Verify the ID token" guide). */
export const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];
/** Allowed clock skew between Google and this server, in seconds. */
const CLOCK_TOLERANCE_S = 30;
const FETCH_TIMEOUT_MS = 5_000;

// Failures of the key lookup that come from the token (its `kid` names no published key),
// not from the provider.
const TOKEN_KEY_ERRORS = [errors.JWKSNoMatchingKey.code, errors.JWKSMultipleMatchingKeys.code];

class KeySetUnavailable extends Error {
  override readonly name = 'KeySetUnavailable';
}

/**
 * Checks Google ID tokens against Google's published keys. One instance per app: jose
 * keeps the key set in memory (refreshed after 10 minutes, or at once, at most every 30 s,
 * when a token names a key it has not seen).
 */
export function createGoogleVerifier(jwksUrl: string) {
  const jwks = createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: FETCH_TIMEOUT_MS });

  // Tells "Google could not be reached / sent garbage" apart from "this token is bad".
  const getKey: JWTVerifyGetKey = async (header, token) => {
    try {
      return await jwks(header, token);
    } catch (error) {
      if (error instanceof errors.JOSEError && TOKEN_KEY_ERRORS.includes(error.code)) throw error;
      throw new KeySetUnavailable(describeFailure(error));
    }
  };

  /** Verifies `credential` as an ID token issued by Google to `clientId`. */
  async function verify(credential: string, clientId: string): Promise<TVerification> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(credential, getKey, {
        algorithms: ['RS256'],
        issuer: GOOGLE_ISSUERS,
        audience: clientId,
        clockTolerance: CLOCK_TOLERANCE_S,
        requiredClaims: ['exp', 'sub'],
      }));
    } catch (error) {
      if (error instanceof KeySetUnavailable) {
        return { ok: false, failure: 'unavailable', reason: `google keys: ${error.message}` };
      }
      return { ok: false, failure: 'invalid', reason: `google token: ${describeFailure(error)}` };
    }
    // With several audiences, the party the token was issued to must be this school (OIDC 3.1.3.7).
    if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== clientId) {
      return { ok: false, failure: 'invalid', reason: 'google token: azp is not the client id' };
    }
    const { sub } = payload;
    if (typeof sub !== 'string' || sub === '') {
      return { ok: false, failure: 'invalid', reason: 'google token: no sub' };
    }
    if (payload.email_verified !== true || typeof payload.email !== 'string' || payload.email === '') {
      return { ok: false, failure: 'invalid', reason: 'google token: email missing or not verified' };
    }
    return { ok: true, identity: { id: sub, email: payload.email } };
  }

  return { verify };
}
