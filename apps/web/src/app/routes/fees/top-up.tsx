import { TopUpPage } from '../../../features/fees/pages/top-up-page.tsx';
import { useFeeRoute } from './module-look.tsx';

/** `/topup`: the selected child's wallet and topping it up. */
export function Component() {
  const { title, icon, child } = useFeeRoute();
  return <TopUpPage title={title} icon={icon} child={child} />;
}
