import { MessageId } from '@portal/contracts/messages';
import { ApiError } from '../../../api-error.ts';
import type { TSchool } from '../../../access/school.ts';
import type { TSchoolAddress } from '../../../school-address.ts';

/** Where a school's passkeys live: its host name (the WebAuthn relying party id) and origin. */
export type TRelyingParty = { id: string; origin: string; name: string };

const unavailable = () =>
  new ApiError(
    503,
    MessageId.passkeysUnavailable,
    'Passkeys need the school’s address: set PUBLIC_BASE_URL (README, Configuration)',
  );

/**
 * The school's relying party, from its configured address (school-address.ts), never from the
 * request's Host header: the host name without its port is the relying party id, the scheme,
 * host and port the origin a browser signs for. 503 `L020` when the portal has no address.
 */
export function relyingPartyOf(schoolAddress: TSchoolAddress, school: TSchool): TRelyingParty {
  const address = schoolAddress(school.schoolId);
  if (!address) throw unavailable();
  const url = new URL(address);
  return { id: url.hostname, origin: url.origin, name: school.nameEn };
}
