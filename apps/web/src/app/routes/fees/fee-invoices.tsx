import { InvoicesPage } from '../../../features/fees/pages/invoices-page.tsx';
import { useFeeRoute } from './module-look.tsx';

/** `/view-fee-invoice`: the selected child's tax invoices. */
export function Component() {
  const { title, icon, child } = useFeeRoute();
  return <InvoicesPage kind="tax" title={title} icon={icon} child={child} />;
}
