import { useEffect, useRef, type ReactNode } from 'react';

/** The CSS variable (read in styles.css) that holds the room the bar takes at the bottom of the screen. */
const RESERVED = '--pay-bar-block-size';

/**
 * The total and the Pay button. On a phone they stay at the bottom of the screen (above the
 * home indicator's safe area) while the parent scrolls and ticks fee lines; the page keeps that
 * much room free at its end, and scrolling a focused element into view stops above the bar,
 * so the bar never hides the last line or what has focus. From `sm` up it is the pay panel's
 * last row.
 */
export function PayBar({ children }: { children: ReactNode }) {
  const bar = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = bar.current;
    if (!element) return;
    const root = document.documentElement;
    const reserve = () => {
      const pinned = getComputedStyle(element).position === 'fixed';
      root.style.setProperty(RESERVED, pinned ? `${element.offsetHeight}px` : '0px');
    };
    reserve();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(reserve) : null;
    observer?.observe(element);
    window.addEventListener('resize', reserve);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', reserve);
      root.style.removeProperty(RESERVED);
    };
  }, []);

  return (
    <div
      ref={bar}
      data-pay-bar=""
      className="flex items-center justify-between gap-3 max-sm:fixed max-sm:inset-x-0 max-sm:bottom-0 max-sm:z-10 max-sm:border-t max-sm:border-slate-200 max-sm:bg-white max-sm:px-4 max-sm:pt-3 max-sm:pb-[max(0.75rem,env(safe-area-inset-bottom))] max-sm:shadow-[0_-4px_16px_rgb(15_23_42/0.08)] sm:shrink-0 dark:max-sm:border-slate-700 dark:max-sm:bg-slate-900 dark:max-sm:shadow-[0_-4px_16px_rgb(0_0_0/0.4)]"
    >
      {children}
    </div>
  );
}
