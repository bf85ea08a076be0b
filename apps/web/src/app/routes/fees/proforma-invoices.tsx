import { InvoicesPage } from '../../../features/fees/pages/invoices-page.tsx';
import { useFeeRoute } from './module-look.tsx';

/** `/proformainvoice`: the selected child's proforma invoices. */
export function Component() {
  const { title, icon, child } = useFeeRoute();
  return <InvoicesPage kind="proforma" title={title} icon={icon} child={child} />;
}
