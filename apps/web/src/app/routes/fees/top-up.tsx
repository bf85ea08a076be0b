import { Navigate } from 'react-router';
import { TopUpPage } from '../../../features/fees/pages/top-up-page.tsx';
import { useFeeRoute, usePaymentReturnTarget } from './module-look.tsx';

/** `/topup`: the selected child's wallet and topping it up. */
export function Component() {
  const { title, icon, child } = useFeeRoute();
  const returning = usePaymentReturnTarget();
  if (returning) return <Navigate to={returning} replace />;
  return <TopUpPage title={title} icon={icon} child={child} />;
}
