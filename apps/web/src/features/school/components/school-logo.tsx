import { School } from 'lucide-react';
import { cx } from '../../../lib/class-names.ts';
import { ImageWithFallback } from '../../../components/ui/image-with-fallback.tsx';

/** The school's logo, or a neutral emblem when there is none or it fails to load. */
export function SchoolLogo({ src, alt, className }: { src: string; alt: string; className?: string }) {
  return (
    <ImageWithFallback
      src={src}
      alt={alt}
      className={cx('bg-white object-contain', className)}
      fallbackClassName={cx(
        'bg-purple-100 text-purple-700 dark:bg-purple-950 dark:text-purple-200',
        className,
      )}
      fallback={<School className="size-1/2" aria-hidden="true" />}
    />
  );
}
