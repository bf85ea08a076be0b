import type { THomeActionDraft, THomeActionProvider } from '../../kits/home-actions.ts';
import { familyDocuments } from './kyc-store.ts';

// What the profile family asks of a parent on Home (docs/modules.md section 5), read with the
// identity documents page's own query (kyc-store.ts), so a document leaves once a renewal is sent.

/** How many days before its expiry a document is worth renewing (the contract's `documentExpiring`). */
export const DOCUMENT_EXPIRING_DAYS = 30;

/** The most documents one answer names (the first to expire first). */
const MAX_ITEMS = 50;

/**
 * The family's identity documents (the parent's own and each child's) that expire within
 * DOCUMENT_EXPIRING_DAYS or have expired, as the page states them, while no renewal is waiting
 * for the school (the page still offers to upload one).
 */
const documentExpiring: THomeActionProvider = {
  modules: ['kyc'],
  async items({ db, schoolId, parentId, today }) {
    const owners = await familyDocuments(db, { schoolId, parentId }, today);
    return owners
      .flatMap((owner) =>
        owner.types.flatMap((type) => {
          const current = type.current;
          const due =
            type.state === 'expired' ||
            (type.state === 'expiring' &&
              type.canUpload &&
              current !== null &&
              current.daysLeft <= DOCUMENT_EXPIRING_DAYS);
          return due && current ? [{ enrollNumber: owner.enrollNumber, name: type.name, current }] : [];
        }),
      )
      .sort((a, b) => a.current.expiresOn.localeCompare(b.current.expiresOn))
      .slice(0, MAX_ITEMS)
      .map(({ enrollNumber, name, current }): THomeActionDraft => ({
        kind: 'documentExpiring',
        enrollNumber,
        title: name.en,
        titleAr: name.ar || name.en,
        dueOn: current.expiresOn,
        overdue: current.daysLeft < 0,
        amount: null,
        source: current.id,
      }));
  },
};

/** What the profile family asks of a parent on Home (docs/modules.md section 5). */
export const profileHomeActions: readonly THomeActionProvider[] = [documentExpiring];
