import { createHash } from 'node:crypto';
import type { TDatabase } from '../../db/client.ts';
import { macOf, portalKey } from '../../kits/signed-token.ts';

// The gate code of an approved exit slip (docs/modules.md F5, "Exit slip"). The code is drawn from
// the slip's random id under a key the portal makes at its first use and keeps in
// `portal_secrets` (so every instance draws the same code): the same slip shows the same code
// on every opening and on both parents' phones, and a printed copy stays good. The tables
// keep only the code's SHA-256 (`exit_slip_codes.token_hash`); the gate finds a slip by it.
// 20 characters of Crockford's base 32 carry 100 bits: nobody guesses one.

const KEY_NAME = 'exit-slip-codes';
const VERSION = 'x1';
/** Crockford's base 32: no I, L, O or U, so a code read aloud or typed is not misread. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CODE_LENGTH = 20;

/** The key codes are drawn with: made at first use, then read once per process (kits/signed-token.ts). */
const codeKey = (db: TDatabase): Promise<Buffer> => portalKey(db, KEY_NAME);

function base32(bytes: Buffer, length: number): string {
  let bits = 0;
  let value = 0;
  let text = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && text.length < length) {
      text += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= 0xff;
    if (text.length >= length) break;
  }
  return text;
}

/** The code of a slip (20 characters, without dashes). */
export async function exitSlipCode(
  db: TDatabase,
  slip: { schoolId: string; requestId: string },
): Promise<string> {
  const key = await codeKey(db);
  return base32(macOf(key, [VERSION, slip.schoolId, slip.requestId].join('\n')), CODE_LENGTH);
}

/** The code grouped by four for reading aloud and typing: `ABCD-EFGH-...`. */
export const groupedCode = (code: string) => code.replace(/(.{4})(?=.)/g, '$1-');

/**
 * A code as the gate sent it, in its one spelling: upper case, no spaces or dashes, the
 * letters people confuse with digits read as those digits (Crockford). Null when it cannot be
 * a code.
 */
export function normalizeCode(input: string): string | null {
  const code = input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (code.length !== CODE_LENGTH) return null;
  for (const character of code) if (!ALPHABET.includes(character)) return null;
  return code;
}

/** What the tables keep of a code. */
export const hashCode = (code: string) => createHash('sha256').update(code, 'utf8').digest('hex');
