import { useState } from 'react';
import { cx } from '../../../lib/class-names.ts';

/** Up to two initials of a name: the first and the last word. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toLocaleUpperCase();
}

/** A child's photo; their initials when there is no photo or it fails to load. */
export function ChildAvatar({
  src,
  name,
  alt,
  className,
}: {
  src: string;
  name: string;
  alt: string;
  className?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const base = cx('shrink-0 rounded-full', className);
  if (!src || failed === src) {
    return (
      <span
        role="img"
        aria-label={alt}
        className={cx(
          base,
          'inline-flex items-center justify-center bg-purple-100 text-lg font-bold text-purple-800 dark:bg-purple-900/60 dark:text-purple-100',
        )}
      >
        <span aria-hidden="true">{initialsOf(name)}</span>
      </span>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      onError={() => setFailed(src)}
      loading="lazy"
      decoding="async"
      className={cx(base, 'bg-slate-100 object-cover dark:bg-slate-800')}
    />
  );
}
