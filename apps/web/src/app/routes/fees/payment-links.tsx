import { useSearchParams } from 'react-router';
import { PaymentLinksPage } from '../../../features/fees/pages/payment-links-page.tsx';
import { useFeeRoute } from './module-look.tsx';

/** `/payment-link[?id=<link id>]`: the parent's payment links, the one asked for first. */
export function Component() {
  const { title, icon } = useFeeRoute();
  const [params] = useSearchParams();
  return <PaymentLinksPage title={title} icon={icon} linkId={params.get('id')} />;
}
