import type { TThreadContact } from '@portal/contracts/families/publications';
import type { TDatabase } from '../../db/client.ts';
import { staffOfChild } from '../../kits/child-staff.ts';

// Who a parent may write to about a child (docs/decisions/021-publications-and-inbox.md): the
// staff who teach or care for the child now (kits/child-staff.ts). Anyone else is 403 `A003`.

/** The contacts of several children, by enrolment number (one child after the other). */
export async function contactsOfChildren(
  db: TDatabase,
  schoolId: string,
  enrollNumbers: Iterable<string>,
): Promise<Map<string, TThreadContact[]>> {
  const contacts = new Map<string, TThreadContact[]>();
  for (const enrollNumber of new Set(enrollNumbers))
    contacts.set(enrollNumber, await staffOfChild(db, schoolId, enrollNumber));
  return contacts;
}
