import { cx } from '../../../lib/class-names.ts';
import { ImageWithFallback } from '../../../components/ui/image-with-fallback.tsx';

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
  const base = cx('shrink-0 rounded-full', className);
  return (
    <ImageWithFallback
      src={src}
      alt={alt}
      lazy
      className={cx(base, 'bg-slate-100 object-cover dark:bg-slate-800')}
      fallbackClassName={cx(
        base,
        'bg-purple-100 text-lg font-bold text-purple-800 dark:bg-purple-900/60 dark:text-purple-100',
      )}
      fallback={<span aria-hidden="true">{initialsOf(name)}</span>}
    />
  );
}
