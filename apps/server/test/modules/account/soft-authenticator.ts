import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import type {
  TAuthenticationOptions,
  TAuthenticationResponse,
  TRegistrationOptions,
  TRegistrationResponse,
} from '@portal/contracts/passkeys';

// A passkey in software, for the API tests: what a browser and its platform authenticator do
// with the server's options (WebAuthn Level 3, sections 6.1 and 6.5): an ES256 key pair,
// authenticator data with the relying party's hash, flags and counter, 'none' attestation in
// CBOR, and signatures over the authenticator data and the client data's hash.

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_CREDENTIAL = 0x40;

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const base64url = (data: Uint8Array) => Buffer.from(data).toString('base64url');

/** Where the browser says it is, and the relying party the authenticator signs for. */
export type TCeremonySite = { origin: string; rpId: string };

export type TSoftAuthenticator = {
  credentialId: string;
  /** The user handle the server gave at registration; answered at sign-in. */
  userHandle: string | null;
  /** Creates the passkey for the registration options, as the browser answers. */
  register: (options: TRegistrationOptions, site: TCeremonySite) => TRegistrationResponse;
  /** Signs the sign-in options' challenge, as the browser answers. */
  signIn: (
    options: TAuthenticationOptions,
    site: TCeremonySite,
    overrides?: { userHandle?: string },
  ) => TAuthenticationResponse;
};

/** The COSE form of a P-256 public key (RFC 9053): kty EC2, alg ES256, crv P-256, x, y. */
function coseKeyOf(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, new Uint8Array(Buffer.from(jwk.x ?? '', 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y ?? '', 'base64url'))],
    ]),
  );
}

function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

/** A new software passkey with a random credential id. */
export function createSoftAuthenticator(): TSoftAuthenticator {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const rawId = randomBytes(16);
  let signCount = 0;
  const authenticator: TSoftAuthenticator = {
    credentialId: base64url(rawId),
    userHandle: null,
    register(options, site) {
      authenticator.userHandle = options.user.id;
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(rawId.length);
      const authData = Buffer.concat([
        sha256(site.rpId),
        Buffer.from([FLAG_USER_PRESENT | FLAG_USER_VERIFIED | FLAG_ATTESTED_CREDENTIAL]),
        Buffer.alloc(4), // the counter: 0 at creation
        Buffer.alloc(16), // the AAGUID: none
        idLength,
        rawId,
        Buffer.from(coseKeyOf(publicKey)),
      ]);
      const attestationObject = isoCBOR.encode(
        new Map<string, string | Map<string, string> | Uint8Array>([
          ['fmt', 'none'],
          ['attStmt', new Map<string, string>()],
          ['authData', new Uint8Array(authData)],
        ]),
      );
      return {
        id: authenticator.credentialId,
        rawId: authenticator.credentialId,
        type: 'public-key',
        response: {
          clientDataJSON: base64url(clientData('webauthn.create', options.challenge, site.origin)),
          attestationObject: base64url(attestationObject),
          transports: ['internal', 'hybrid'],
        },
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
      };
    },
    signIn(options, site, overrides = {}) {
      signCount += 1;
      const counter = Buffer.alloc(4);
      counter.writeUInt32BE(signCount);
      const authData = Buffer.concat([
        sha256(site.rpId),
        Buffer.from([FLAG_USER_PRESENT | FLAG_USER_VERIFIED]),
        counter,
      ]);
      const client = clientData('webauthn.get', options.challenge, site.origin);
      const signature = sign('sha256', Buffer.concat([authData, sha256(client)]), privateKey);
      const userHandle = overrides.userHandle ?? authenticator.userHandle;
      return {
        id: authenticator.credentialId,
        rawId: authenticator.credentialId,
        type: 'public-key',
        response: {
          clientDataJSON: base64url(client),
          authenticatorData: base64url(authData),
          signature: base64url(signature),
          ...(userHandle ? { userHandle } : {}),
        },
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
      };
    },
  };
  return authenticator;
}
