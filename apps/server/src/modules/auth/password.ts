import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { turns } from '../../kits/turns.ts';

// OWASP Password Storage Cheat Sheet: Argon2id, m=19 MiB, t=2, p=1.
const ARGON2ID = {
  // Algorithm.Argon2id; the package's const enum cannot be read under type stripping.
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * Argon2id computations run one per core at a time, the others queued in order of arrival
 * (docs/decisions/028-sign-in-throughput.md). Each takes a threadpool thread for its whole
 * length; more at once than cores would only share the cores (each finishing later) and starve
 * the event loop, which answers the requests around them.
 */
const inTurn = turns(availableParallelism());

/** Hashes a password into an Argon2id PHC string. */
export function hashPassword(password: string): Promise<string> {
  return inTurn(() => hash(password, ARGON2ID));
}

/** True when the password matches the stored hash; false for a malformed hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await inTurn(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

// A hash of a random password: verifying against it costs what a real verify costs, so an
// unknown username takes as long to refuse as a wrong password.
let decoyHash: Promise<string> | undefined;

/** Spends the time of one verification and answers false. */
export async function verifyDecoy(password: string): Promise<false> {
  decoyHash ??= hashPassword(crypto.randomUUID());
  await verifyPassword(await decoyHash, password);
  return false;
}
