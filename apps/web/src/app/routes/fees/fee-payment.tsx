import { FeePaymentPage } from '../../../features/fees/pages/fee-payment-page.tsx';
import { useFeeRoute } from './module-look.tsx';

/** `/feepayment` and `/feepayment_abqis`: the selected child's fees and paying them. */
export function Component() {
  const { title, icon, child } = useFeeRoute();
  return <FeePaymentPage title={title} icon={icon} child={child} />;
}
