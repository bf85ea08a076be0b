import type { TDatabase } from '../../db/client.ts';
import { portalKey, readFields, signFields } from '../../kits/signed-token.ts';

// The code of a student ID card's QR (docs/modules.md F6): it names one school, one enrolment and
// one school year, signed with HMAC-SHA256 under a key the portal makes at its first use and
// keeps in `portal_secrets`, as the unsubscribe links are (modules/inbox/unsubscribe-token.ts):
// `base64url(payload).base64url(mac)`. The school's staff check it through the staff API; a
// code altered, made up, or of another school is unknown.

/** The name of the key in `portal_secrets`. */
const KEY_NAME = 'student-id';
const VERSION = 'i1';

/** What a card's code names. */
export type TStudentIdGrant = { schoolId: string; enrollNumber: string; year: string };

/** The signing key: made at first use, then read once per process (kits/signed-token.ts). */
export const studentIdKey = (db: TDatabase): Promise<Buffer> => portalKey(db, KEY_NAME);

/** The code of this card. */
export function signStudentId(key: Buffer, grant: TStudentIdGrant): string {
  return signFields(key, [VERSION, grant.schoolId, grant.enrollNumber, grant.year]);
}

/** What a code names, or null when it is not one this portal signed. */
export function readStudentId(key: Buffer, code: string): TStudentIdGrant | null {
  const fields = readFields(key, code);
  if (!fields) return null;
  const [version, schoolId, enrollNumber, year, ...rest] = fields;
  if (version !== VERSION || !schoolId || !enrollNumber || !year || rest.length > 0) return null;
  return { schoolId, enrollNumber, year };
}
