import { useTranslation } from 'react-i18next';
import { ExternalLink } from 'lucide-react';
import { textLink } from '../../../components/ui/button.tsx';

/** The host of an https address ("drive.school.ae"); null for anything else. */
export function httpsHost(link: string): string | null {
  try {
    const url = new URL(link);
    return url.protocol === 'https:' ? url.host : null;
  } catch {
    return null;
  }
}

/** A piece of work kept elsewhere: a link naming the site it opens, in a new tab. */
export function WorkLink({ link }: { link: string | null }) {
  const { t } = useTranslation('care');
  const host = link ? httpsHost(link) : null;
  if (!link || !host) return null;
  return (
    <a
      href={link}
      target="_blank"
      rel="noopener noreferrer"
      className={`${textLink} inline-flex min-h-11 items-center gap-1.5 text-sm`}
    >
      <ExternalLink aria-hidden="true" className="size-4 shrink-0 rtl:-scale-x-100" />
      <span>
        {t('portfolio.open')} <bdi dir="ltr">{host}</bdi>{' '}
        <span className="sr-only">{t('portfolio.newTab')}</span>
      </span>
    </a>
  );
}
