import { cx } from '../../lib/class-names.ts';

/** A small decorative spinner for a busy button or status; still when less motion is asked for. */
export function Spinner({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cx(
        'inline-block size-4 shrink-0 animate-spin rounded-full border-2 motion-reduce:animate-none',
        className ?? 'border-white/40 border-t-white',
      )}
    />
  );
}
