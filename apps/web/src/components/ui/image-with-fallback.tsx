import { useState, type ReactNode } from 'react';
import { cx } from '../../lib/class-names.ts';

interface TImageWithFallbackProps {
  src: string;
  /** The text alternative; empty for a decorative image. */
  alt: string;
  /** Classes of the image. */
  className?: string;
  /** Classes of the stand-in shown when there is no image or it fails to load. */
  fallbackClassName?: string;
  /** What the stand-in shows (initials, an emblem). */
  fallback: ReactNode;
  lazy?: boolean;
}

/** An image, or a stand-in with the same text alternative when it is missing or fails to load. */
export function ImageWithFallback({
  src,
  alt,
  className,
  fallbackClassName,
  fallback,
  lazy = false,
}: TImageWithFallbackProps) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) {
    return (
      <span
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
        aria-hidden={alt ? undefined : true}
        className={cx('inline-flex items-center justify-center', fallbackClassName)}
      >
        {fallback}
      </span>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      onError={() => setFailed(src)}
      loading={lazy ? 'lazy' : undefined}
      decoding="async"
      className={className}
    />
  );
}
