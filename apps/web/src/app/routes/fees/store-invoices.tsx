import { StoreInvoicesPage } from '../../../features/fees/pages/store-invoices-page.tsx';
import { useFeeRoute } from './module-look.tsx';

/** `/storeInvoice`: the selected child's store invoices. */
export function Component() {
  const { title, icon, child } = useFeeRoute();
  return <StoreInvoicesPage title={title} icon={icon} child={child} />;
}
