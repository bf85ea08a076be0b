import { useState } from 'react';
import { School } from 'lucide-react';
import { cx } from '../../../lib/class-names.ts';

/** The school's logo, or a neutral emblem when there is none or it fails to load. */
export function SchoolLogo({ src, alt, className }: { src: string; alt: string; className?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) {
    return (
      <span
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
        aria-hidden={alt ? undefined : true}
        className={cx(
          'inline-flex items-center justify-center bg-purple-100 text-purple-700 dark:bg-purple-950 dark:text-purple-200',
          className,
        )}
      >
        <School className="size-1/2" aria-hidden="true" />
      </span>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      onError={() => setFailed(src)}
      className={cx('bg-white object-contain', className)}
      decoding="async"
    />
  );
}
