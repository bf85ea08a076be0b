import { useTranslation } from 'react-i18next';
import { ArrowDown, ArrowUp, GripVertical } from 'lucide-react';
import type { DragEvent, Ref } from 'react';
import { focusRing } from '../../../components/ui/button.tsx';
import { cx } from '../../../lib/class-names.ts';
import { useOffline } from '../../../lib/offline/connection.ts';
import { widgetTitleId, type TDashboardWidget } from '../widget.ts';

/** Where a dragged widget would land, relative to this one. */
export type TDropSide = 'before' | 'after' | null;

interface TWidgetFrameProps {
  widget: TDashboardWidget;
  isFirst: boolean;
  isLast: boolean;
  onMoveUp: () => void;
  onMoveDown: () => void;
  /** Refs of the move buttons, so focus can follow a moved widget. */
  upRef: Ref<HTMLButtonElement>;
  downRef: Ref<HTMLButtonElement>;
  dragging: boolean;
  dropSide: TDropSide;
  onDragStart: (event: DragEvent<HTMLElement>) => void;
  onDragEnd: () => void;
  onDragOver: (event: DragEvent<HTMLElement>) => void;
  onDrop: (event: DragEvent<HTMLElement>) => void;
}

const moveButton = cx(
  'inline-flex size-11 items-center justify-center rounded-xl text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-900',
  'aria-disabled:cursor-not-allowed aria-disabled:opacity-35 aria-disabled:hover:bg-transparent aria-disabled:hover:text-slate-500',
  'dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white dark:aria-disabled:hover:text-slate-400',
  focusRing,
);

/**
 * A widget's section: its heading, a drag handle (pointer) and Move up / Move down buttons
 * (keyboard, touch), then its content. The ends stay focusable (`aria-disabled`), so focus is
 * not lost when a widget reaches the top or the bottom. Offline nothing moves (a move is saved).
 */
export function WidgetFrame({
  widget,
  isFirst,
  isLast,
  onMoveUp,
  onMoveDown,
  upRef,
  downRef,
  dragging,
  dropSide,
  onDragStart,
  onDragEnd,
  onDragOver,
  onDrop,
}: TWidgetFrameProps) {
  const { t } = useTranslation('dashboard');
  const offline = useOffline();
  const upUnusable = isFirst || offline;
  const downUnusable = isLast || offline;
  const { id, title, icon: Icon, content } = widget;
  const titleId = widgetTitleId(id);
  return (
    <section
      aria-labelledby={titleId}
      data-widget={id}
      onDragOver={onDragOver}
      onDrop={onDrop}
      className={cx(
        'relative rounded-3xl border border-slate-200 bg-white p-4 shadow-sm transition-opacity sm:p-6 dark:border-slate-800 dark:bg-slate-900',
        dragging && 'opacity-50',
        // The drop indicator: a bar in the gap above or below.
        dropSide &&
          'after:pointer-events-none after:absolute after:inset-x-6 after:h-1 after:rounded-full after:bg-purple-500',
        dropSide === 'before' && 'after:-top-3.5',
        dropSide === 'after' && 'after:-bottom-3.5',
      )}
    >
      <div className="flex items-center gap-2 sm:gap-3">
        <span
          draggable={!offline}
          aria-hidden="true"
          title={t('layout.drag', { title })}
          onDragStart={onDragStart}
          onDragEnd={onDragEnd}
          className="-ms-1 hidden h-11 w-7 shrink-0 cursor-grab items-center justify-center rounded-lg text-slate-400 hover:bg-slate-100 hover:text-slate-600 active:cursor-grabbing sm:inline-flex dark:text-slate-500 dark:hover:bg-slate-800 dark:hover:text-slate-300"
        >
          <GripVertical className="size-5" />
        </span>
        <span
          aria-hidden="true"
          className="inline-flex size-9 shrink-0 items-center justify-center rounded-xl bg-purple-50 text-purple-700 dark:bg-purple-950/60 dark:text-purple-300"
        >
          <Icon className="size-5" />
        </span>
        <h2
          id={titleId}
          className="min-w-0 flex-1 text-base font-semibold break-words text-slate-900 sm:text-lg dark:text-white"
        >
          {title}
        </h2>
        <div className="flex shrink-0 items-center">
          <button
            ref={upRef}
            type="button"
            aria-label={t('layout.moveUp', { title })}
            title={t('layout.moveUp', { title })}
            aria-disabled={upUnusable || undefined}
            onClick={() => {
              if (!upUnusable) onMoveUp();
            }}
            className={moveButton}
          >
            <ArrowUp aria-hidden="true" className="size-5" />
          </button>
          <button
            ref={downRef}
            type="button"
            aria-label={t('layout.moveDown', { title })}
            title={t('layout.moveDown', { title })}
            aria-disabled={downUnusable || undefined}
            onClick={() => {
              if (!downUnusable) onMoveDown();
            }}
            className={moveButton}
          >
            <ArrowDown aria-hidden="true" className="size-5" />
          </button>
        </div>
      </div>
      <div className="mt-4 sm:mt-5">{content}</div>
    </section>
  );
}
