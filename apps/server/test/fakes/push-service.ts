import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDecipheriv, createECDH, hkdfSync, randomBytes, type ECDH } from 'node:crypto';

/** One push the fake push service took: the path it was sent to, its headers and its body. */
export type TReceivedPush = { path: string; headers: http.IncomingHttpHeaders; body: Buffer };

export type TFakePushService = {
  /** `http://127.0.0.1:<port>`: the origin of every subscription's address. */
  origin: string;
  /** Every push received, in order. */
  received: TReceivedPush[];
  /** The pushes sent to one subscription's path. */
  to: (path: string) => TReceivedPush[];
  /** Answers this status to pushes to the path (201 by default). */
  answer: (path: string, status: number) => void;
  close: () => Promise<void>;
};

/** A local push service (RFC 8030) that keeps every push and answers as told. */
export async function startFakePushService(): Promise<TFakePushService> {
  const received: TReceivedPush[] = [];
  const statuses = new Map<string, number>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(statuses.get(path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    to: (path) => received.filter((push) => push.path === path),
    answer: (path, status) => void statuses.set(path, status),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * What a browser keeps for one subscription: its P-256 key pair and authentication secret
 * (RFC 8291), and the address its push service gave it.
 */
export type TFakeBrowser = {
  endpoint: string;
  /** As `PushSubscription.toJSON()` gives it. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  /** The plain text of a push encrypted for this browser (`aes128gcm`, RFC 8188 and 8291). */
  decrypt: (body: Buffer) => string;
};

/** A browser subscribed at `endpoint`, with keys made by node's crypto. */
export function fakeBrowser(endpoint: string): TFakeBrowser {
  const ecdh: ECDH = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    endpoint,
    subscription: {
      endpoint,
      keys: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') },
    },
    decrypt(body) {
      // The RFC 8188 header: salt (16), record size (4), key id length (1), key id (the sender's key).
      const salt = body.subarray(0, 16);
      const idLength = body.readUInt8(20);
      const senderKey = body.subarray(21, 21 + idLength);
      const record = body.subarray(21 + idLength);
      // RFC 8291 section 3.4: the input keying material from the shared secret and the auth secret.
      const shared = ecdh.computeSecret(senderKey);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), publicKey, senderKey]);
      const ikm = Buffer.from(hkdfSync('sha256', shared, auth, keyInfo, 32));
      const cek = Buffer.from(
        hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
      );
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(record.subarray(record.length - 16));
      const padded = Buffer.concat([
        decipher.update(record.subarray(0, record.length - 16)),
        decipher.final(),
      ]);
      // The last record ends with the delimiter 2, then zero padding.
      let end = padded.length - 1;
      while (end >= 0 && padded[end] === 0) end--;
      if (padded[end] !== 2) throw new Error('the push is not one last record');
      return padded.subarray(0, end).toString('utf8');
    },
  };
}
