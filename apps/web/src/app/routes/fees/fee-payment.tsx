import { Navigate } from 'react-router';
import { FeePaymentPage } from '../../../features/fees/pages/fee-payment-page.tsx';
import { useFeeRoute, usePaymentReturnTarget } from './module-look.tsx';

/** `/feepayment` and `/feepayment_abqis`: the selected child's fees and paying them. */
export function Component() {
  const { title, icon, child } = useFeeRoute();
  const returning = usePaymentReturnTarget();
  if (returning) return <Navigate to={returning} replace />;
  return <FeePaymentPage title={title} icon={icon} child={child} />;
}
