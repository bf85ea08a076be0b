import { useEffect, useState } from 'react';
import { Pause, Play } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { appConfig } from '../../../config/app-config.ts';
import { cx } from '../../../lib/class-names.ts';
import { usePrefersReducedMotion } from '../../../lib/use-reduced-motion.ts';

const whiteFocus =
  'outline-none focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-purple-700';

/**
 * The school's banner texts, one at a time. They rotate unless the user prefers reduced
 * motion or pauses them (WCAG 2.2.2); the dots choose a text directly.
 */
export function SchoolBanner({ texts }: { texts: readonly string[] }) {
  const { t } = useTranslation('school');
  const reducedMotion = usePrefersReducedMotion();
  const [paused, setPaused] = useState<boolean | null>(null);
  const [index, setIndex] = useState(0);
  const count = texts.length;
  const isPaused = paused ?? reducedMotion;
  const rotating = count > 1 && !isPaused;

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setInterval(
      () => setIndex((current) => (current + 1) % count),
      appConfig.bannerIntervalMs,
    );
    return () => window.clearInterval(timer);
  }, [rotating, count]);

  if (count === 0) return null;
  const current = index % count;

  return (
    <section aria-roledescription={t('banner.role')} aria-label={t('banner.label')} className="max-w-xl">
      <p
        key={current}
        aria-live={rotating ? 'off' : 'polite'}
        className="min-h-[3lh] text-lg font-medium leading-relaxed text-white/95 motion-safe:animate-fade-in sm:text-xl"
      >
        {texts[current]}
      </p>
      {count > 1 ? (
        <div className="mt-4 flex items-center gap-2">
          <button
            type="button"
            onClick={() => setPaused(!isPaused)}
            aria-label={isPaused ? t('banner.play') : t('banner.pause')}
            className={cx(
              'inline-flex size-11 items-center justify-center rounded-full bg-white/15 text-white hover:bg-white/25',
              whiteFocus,
            )}
          >
            {isPaused ? (
              <Play aria-hidden="true" className="size-4" />
            ) : (
              <Pause aria-hidden="true" className="size-4" />
            )}
          </button>
          <ul className="flex items-center">
            {texts.map((text, position) => (
              <li key={text}>
                <button
                  type="button"
                  aria-current={position === current ? 'true' : undefined}
                  aria-label={t('banner.show', { number: position + 1, count })}
                  onClick={() => {
                    setIndex(position);
                    setPaused(true);
                  }}
                  className={cx(
                    'group inline-flex size-11 items-center justify-center rounded-full',
                    whiteFocus,
                  )}
                >
                  <span
                    aria-hidden="true"
                    className={cx(
                      'block h-2 rounded-full transition-all',
                      position === current ? 'w-6 bg-white' : 'w-2 bg-white/50 group-hover:bg-white/80',
                    )}
                  />
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
