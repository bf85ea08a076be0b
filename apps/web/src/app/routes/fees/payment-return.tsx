import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isEntryAllowed } from '@portal/contracts/authority';
import { MENU } from '@portal/contracts/menu';
import { selectAuthority } from '../../../features/auth/slice.ts';
import { PaymentReturnPage } from '../../../features/fees/pages/payment-return-page.tsx';
import { NotAvailablePage } from '../../../features/menu/pages/not-available-page.tsx';
import { useAppSelector } from '../../hooks.ts';

/** The modules a payment can be made from; the return page opens to a parent granted any of them. */
const PAYING_MODULES = new Set(['feePayment', 'feePaymentAbqis', 'topUp', 'paymentLink']);

/** `/payment-return?payment=<id>`: where the payment provider sends the parent back. */
export function Component() {
  const { t } = useTranslation('fees');
  const [params] = useSearchParams();
  const authority = useAppSelector(selectAuthority);
  const allowed = MENU.some((entry) => PAYING_MODULES.has(entry.key) && isEntryAllowed(entry, authority));
  if (!allowed) return <NotAvailablePage title={t('return.title')} />;
  return (
    <PaymentReturnPage
      title={t('return.title')}
      paymentId={params.get('payment')}
      cancelled={params.get('cancelled') === '1'}
    />
  );
}
