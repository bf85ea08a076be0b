import { useTranslation } from 'react-i18next';
import {
  ChildModulePage,
  type TChildModulePageProps,
} from '../../../components/module/child-module-page.tsx';

export type TFeeChildPageProps = Omit<TChildModulePageProps, 'noChildMessage'>;

/** A fee module's page about one child; without a child, it says the fees would show here. */
export function FeeChildPage(props: TFeeChildPageProps) {
  const { t } = useTranslation('fees');
  return <ChildModulePage {...props} noChildMessage={t('noChild')} />;
}
