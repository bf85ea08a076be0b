import type { TPaymentKind } from '@portal/contracts/fees';
import { MENU, type TMenuEntry } from '@portal/contracts/menu';

function pathOf(key: TMenuEntry['key']): string {
  return MENU.find((entry) => entry.key === key)?.path ?? '/';
}

/** Where each kind of payment is made, for "try again" and "back". */
export const payPathOf: Readonly<Record<TPaymentKind, string>> = {
  fees: pathOf('feePayment'),
  topup: pathOf('topUp'),
  link: pathOf('paymentLink'),
};
