import { addDays } from '@portal/contracts/kits/dates';
import { schoolWide } from '../../access/school.ts';
import type { THomeActionDraft, THomeActionProvider } from '../../kits/home-actions.ts';
import { feeLineLabel } from './labels.ts';
import { listParentLinks } from './links.ts';
import { feeSettingsOf, findChildFeeYear } from './repository.ts';
import { toFeeItem } from './views.ts';

// What the fees family asks of a parent on Home (docs/modules.md section 5), read with the fee
// page's and the payment links page's own queries, so a line or a link leaves once it is paid.

/** How far ahead a fee line due is already worth paying. */
export const FEE_DUE_AHEAD_DAYS = 30;

/** The most fee lines or payment links one answer names (the oldest due first). */
const MAX_ITEMS = 50;

/**
 * Each child's fee lines still owed, this year's and earlier years' (what the fee page lists),
 * overdue ones and those due within FEE_DUE_AHEAD_DAYS, with what each still owes.
 */
const feeDue: THomeActionProvider = {
  modules: ['feePayment', 'feePaymentAbqis'],
  async items({ db, schoolId, parentId, children, today }) {
    const year = (await schoolWide(db, schoolId))?.year?.year ?? null;
    const found = await Promise.all(
      children.map((child) => findChildFeeYear(db, { schoolId, parentId }, child.enrollNumber, year)),
    );
    const lastDay = addDays(today, FEE_DUE_AHEAD_DAYS);
    return found
      .flatMap((child) =>
        child === null
          ? []
          : [...child.earlier, ...child.items].map((row) => ({
              item: toFeeItem(row, today),
              currency: child.settings.currency,
            })),
      )
      .filter(({ item }) => item.status !== 'paid' && item.dueOn <= lastDay)
      .sort((a, b) => a.item.dueOn.localeCompare(b.item.dueOn))
      .slice(0, MAX_ITEMS)
      .map(({ item, currency }): THomeActionDraft => {
        // Named with its term, as a receipt names it: a child owes tuition of more than one term.
        const label = feeLineLabel(item, item.term);
        return {
          kind: 'feeDue',
          enrollNumber: item.enrollNumber,
          title: label.nameEn,
          titleAr: label.nameAr,
          dueOn: item.dueOn,
          overdue: item.status === 'overdue',
          amount: { minor: item.outstandingMinor, currency },
          source: item.id,
          sameAs: `feeItem:${item.id}`,
        };
      });
  },
};

/** The payment links of the parent's children still open (neither paid nor past their last day). */
const paymentLink: THomeActionProvider = {
  modules: ['paymentLink'],
  async items({ db, schoolId, parentId, today }) {
    const { currency } = await feeSettingsOf(db, schoolId);
    const links = await listParentLinks(db, schoolId, parentId, currency, today);
    return links
      .filter((link) => link.status === 'open')
      .slice(0, MAX_ITEMS)
      .map((link): THomeActionDraft => ({
        kind: 'paymentLink',
        enrollNumber: link.enrollNumber,
        title: link.descriptionEn,
        titleAr: link.descriptionAr || link.descriptionEn,
        dueOn: link.expiresOn,
        overdue: false,
        amount: { minor: link.amountMinor, currency: link.currency },
        source: link.id,
        // The payment links page shows the link of `?id=` first.
        query: { id: link.id },
      }));
  },
};

/** What the fees family asks of a parent on Home (docs/modules.md section 5). */
export const feesHomeActions: readonly THomeActionProvider[] = [feeDue, paymentLink];
