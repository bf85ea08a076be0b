import { Navigate, useSearchParams } from 'react-router';
import { PaymentLinksPage } from '../../../features/fees/pages/payment-links-page.tsx';
import { useFeeRoute, usePaymentReturnTarget } from './module-look.tsx';

/** `/payment-link[?id=<link id>]`: the parent's payment links, the one asked for first. */
export function Component() {
  const { title, icon } = useFeeRoute();
  const [params] = useSearchParams();
  const returning = usePaymentReturnTarget();
  if (returning) return <Navigate to={returning} replace />;
  return <PaymentLinksPage title={title} icon={icon} linkId={params.get('id')} />;
}
