import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarClock, ChevronDown, TriangleAlert } from 'lucide-react';
import type { TCircular } from '@portal/contracts/families/publications';
import { SchoolText } from '../../../components/module/school-text.tsx';
import { cardBox, chip, chipTone } from '../../../components/module/styles.ts';
import { Button } from '../../../components/ui/button.tsx';
import { cx } from '../../../lib/class-names.ts';
import { isWaiting } from '../api.ts';
import { publicationFileUrl } from '../files.ts';
import { ChildChips } from './child-chips.tsx';
import { ExpandableText } from './expandable-text.tsx';
import { CircularAck } from './publication-ack.tsx';
import { PublicationFiles } from './publication-files.tsx';
import { useDayText } from './use-day-text.ts';

interface TCircularCardProps {
  circular: TCircular;
  headingLevel?: 'h2' | 'h3';
  /**
   * Shown instead of the circular until the reader opens it (the library's excerpt of a
   * search); without it the circular shows whole, a long letter folded to its first lines.
   */
  preview?: ReactNode;
}

/**
 * A circular: its title and day, the children it is about, its letter, its files and, when
 * the school asks for it, the acknowledgement of each child (who acknowledged, and when).
 */
export function CircularCard({ circular, headingLevel: Heading = 'h3', preview }: TCircularCardProps) {
  const { t } = useTranslation('circulars');
  const { dayOf, isoDayOf } = useDayText();
  const titleId = useId();
  const bodyId = useId();
  const [open, setOpen] = useState(preview === undefined);
  const waiting = isWaiting(circular);
  return (
    <article
      aria-labelledby={titleId}
      data-waiting={waiting}
      className={cx(
        cardBox,
        'space-y-3',
        waiting && (circular.overdue ? 'border-s-4 border-s-red-500' : 'border-s-4 border-s-amber-400'),
      )}
    >
      <header className="space-y-2">
        <Heading id={titleId} className="text-base font-semibold text-slate-900 dark:text-white">
          <SchoolText en={circular.title} ar={circular.titleAr} />
        </Heading>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-slate-600 dark:text-slate-300">
          <time dateTime={isoDayOf(circular.publishedAt)}>{dayOf(circular.publishedAt)}</time>
          <Deadline circular={circular} waiting={waiting} />
        </div>
        <ChildChips of={circular.children} />
      </header>
      {open ? (
        <div id={bodyId} className="space-y-3">
          <ExpandableText en={circular.body} ar={circular.bodyAr} foldable={preview === undefined} />
          <PublicationFiles files={circular.files} urlOf={(file) => publicationFileUrl(file.path)} />
          {circular.requiresAck ? <CircularAck circular={circular} /> : null}
        </div>
      ) : (
        preview
      )}
      {preview !== undefined ? (
        <Button
          variant="secondary"
          aria-expanded={open}
          aria-controls={open ? bodyId : undefined}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? t('card.close') : t('card.open')}
          <ChevronDown
            aria-hidden="true"
            className={cx('size-4 transition-transform', open && 'rotate-180')}
          />
        </Button>
      ) : null}
    </article>
  );
}

/** The last day to acknowledge, while a child's acknowledgement is missing; overdue in red. */
function Deadline({ circular, waiting }: { circular: TCircular; waiting: boolean }) {
  const { t } = useTranslation('circulars');
  const { day } = useDayText();
  if (!waiting) return null;
  if (circular.overdue) {
    return (
      <span className={cx(chip, chipTone.overdue)}>
        <TriangleAlert aria-hidden="true" className="size-3.5 shrink-0" />
        {circular.ackBy ? t('card.overdueSince', { date: day(circular.ackBy) }) : t('card.overdue')}
      </span>
    );
  }
  return (
    <span className={cx(chip, chipTone.due)}>
      <CalendarClock aria-hidden="true" className="size-3.5 shrink-0" />
      {circular.ackBy ? t('card.ackBy', { date: day(circular.ackBy) }) : t('card.ackAsked')}
    </span>
  );
}
