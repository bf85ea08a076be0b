import { useEffect, useRef, useState, type DragEvent } from 'react';
import { type TDashboardWidget } from '../widget.ts';
import { WidgetFrame, type TDropSide } from './widget-frame.tsx';

interface TWidgetBoardProps {
  /** The widgets, in the order to show them. */
  widgets: readonly TDashboardWidget[];
  /** Moves a widget to a position (0 = first). */
  onMove: (id: string, index: number) => void;
}

type TDirection = 'up' | 'down';

/** The MIME type of a dragged widget's id (plain text too, which Firefox needs to start a drag). */
const DRAG_TYPE = 'application/x-portal-widget';

/**
 * The widgets in one column, rearranged by dragging a widget's handle onto another (above or
 * below its middle) or with its Move up / Move down buttons, after which focus stays on the
 * button that was used.
 */
export function WidgetBoard({ widgets, onMove }: TWidgetBoardProps) {
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const [focusAfterMove, setFocusAfterMove] = useState<{ id: string; direction: TDirection } | null>(null);
  const [dragged, setDragged] = useState<string | null>(null);
  const [drop, setDrop] = useState<{ id: string; side: Exclude<TDropSide, null> } | null>(null);

  // Moving a section in the DOM takes focus from the button inside it: give it back.
  useEffect(() => {
    if (!focusAfterMove) return;
    buttons.current.get(`${focusAfterMove.id}:${focusAfterMove.direction}`)?.focus();
  }, [focusAfterMove, widgets]);

  const buttonRef = (id: string, direction: TDirection) => (element: HTMLButtonElement | null) => {
    const key = `${id}:${direction}`;
    if (element) buttons.current.set(key, element);
    else buttons.current.delete(key);
  };

  const move = (id: string, index: number, direction: TDirection) => {
    onMove(id, index);
    setFocusAfterMove({ id, direction });
  };

  const endDrag = () => {
    setDragged(null);
    setDrop(null);
  };

  const onDragStart = (id: string) => (event: DragEvent<HTMLElement>) => {
    event.dataTransfer.effectAllowed = 'move';
    event.dataTransfer.setData(DRAG_TYPE, id);
    event.dataTransfer.setData('text/plain', id);
    // The whole widget follows the pointer, not just its handle.
    const section = event.currentTarget.closest('section');
    if (section && typeof event.dataTransfer.setDragImage === 'function') {
      const handle = event.currentTarget.getBoundingClientRect();
      const box = section.getBoundingClientRect();
      event.dataTransfer.setDragImage(section, handle.left - box.left + 12, handle.top - box.top + 12);
    }
    setDragged(id);
  };

  const onDragOver = (id: string) => (event: DragEvent<HTMLElement>) => {
    if (!dragged) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    const box = event.currentTarget.getBoundingClientRect();
    const side = event.clientY > box.top + box.height / 2 ? 'after' : 'before';
    if (drop?.id !== id || drop.side !== side) setDrop({ id, side });
  };

  const onDrop = (id: string) => (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    const moving = dragged ?? event.dataTransfer.getData(DRAG_TYPE);
    const side = drop?.id === id ? drop.side : 'after';
    endDrag();
    if (!moving || moving === id) return;
    const rest = widgets.map((widget) => widget.id).filter((other) => other !== moving);
    const target = rest.indexOf(id);
    if (target < 0) return;
    onMove(moving, side === 'after' ? target + 1 : target);
  };

  return (
    <div className="space-y-6">
      {widgets.map((widget, index) => (
        <WidgetFrame
          key={widget.id}
          widget={widget}
          isFirst={index === 0}
          isLast={index === widgets.length - 1}
          onMoveUp={() => move(widget.id, index - 1, 'up')}
          onMoveDown={() => move(widget.id, index + 1, 'down')}
          upRef={buttonRef(widget.id, 'up')}
          downRef={buttonRef(widget.id, 'down')}
          dragging={dragged === widget.id}
          dropSide={drop?.id === widget.id && dragged !== widget.id ? drop.side : null}
          onDragStart={onDragStart(widget.id)}
          onDragEnd={endDrag}
          onDragOver={onDragOver(widget.id)}
          onDrop={onDrop(widget.id)}
        />
      ))}
    </div>
  );
}
