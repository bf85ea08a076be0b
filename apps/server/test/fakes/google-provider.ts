import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose';

/** How the fake answers for its key set: the keys, a 500, or a body that is not JSON. */
export type TGoogleMode = 'ok' | 'error' | 'garbage';

export type TSignOptions = {
  /** Sign with this private key instead of the published one. */
  privateKey?: CryptoKey;
  /** The `kid` header; the published key's id by default. */
  kid?: string;
};

export type TFakeGoogle = {
  /** Where the key set is published: GOOGLE_JWKS_URL for the app. */
  jwksUrl: string;
  /** How many times the key set has been fetched. */
  jwksRequests: () => number;
  setMode: (mode: TGoogleMode) => void;
  /**
   * An RS256 ID token over `claims`, signed with the published key. `iss`, `iat` and `exp`
   * (one hour) are filled in unless given; a claim set to `undefined` is left out.
   */
  sign: (claims: Record<string, unknown>, options?: TSignOptions) => Promise<string>;
  close: () => Promise<void>;
};

export const FAKE_GOOGLE_KID = 'fake-google-key-1';

/** A local stand-in for Google's certificate endpoint, with a real RSA key. */
export async function startFakeGoogle(): Promise<TFakeGoogle> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: FAKE_GOOGLE_KID, alg: 'RS256', use: 'sig' };
  let mode: TGoogleMode = 'ok';
  let requests = 0;

  const server = http.createServer((request, response) => {
    if (request.url !== '/oauth2/v3/certs') {
      response.writeHead(404).end();
      return;
    }
    requests++;
    if (mode === 'error') {
      response.writeHead(500, { 'content-type': 'text/plain' }).end('internal error');
    } else if (mode === 'garbage') {
      response.writeHead(200, { 'content-type': 'application/json' }).end('<html>not json</html>');
    } else {
      response
        .writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=21600' })
        .end(JSON.stringify({ keys: [jwk] }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    jwksUrl: `http://127.0.0.1:${port}/oauth2/v3/certs`,
    jwksRequests: () => requests,
    setMode: (next) => {
      mode = next;
    },
    sign: async (claims, options = {}) => {
      const now = Math.floor(Date.now() / 1000);
      const payload = { iss: 'https://accounts.google.com', iat: now, exp: now + 3600, ...claims };
      return new SignJWT(payload)
        .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? FAKE_GOOGLE_KID, typ: 'JWT' })
        .sign(options.privateKey ?? privateKey);
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
