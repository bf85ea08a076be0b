import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Check, ChevronDown } from 'lucide-react';
import { cx } from '../../lib/class-names.ts';
import { focusRing } from './button.tsx';

export interface TMenuItem {
  id: string;
  label: string;
  icon?: ReactNode;
  onSelect: () => void;
  /** A destructive action is shown in red. */
  danger?: boolean;
  /** A second line under the label. */
  description?: string;
  /**
   * For a choice among items (`menuitemradio`): whether this item is the chosen one. Leave it
   * out for a plain action.
   */
  checked?: boolean;
}

interface TMenuButtonProps {
  /** What the button shows; its text is the button's accessible name unless `label` is given. */
  children: ReactNode;
  /** The button's accessible name, when its content does not say it all. */
  label?: string;
  /** The menu's accessible name; the button's name by default. */
  menuLabel?: string;
  items: readonly TMenuItem[];
  disabled?: boolean;
  className?: string;
}

/**
 * The WAI-ARIA menu button pattern: the button opens a menu (Enter, Space, ArrowDown: the first
 * item; ArrowUp: the last); arrow keys, Home and End move between items; Escape closes it and
 * returns to the button; Tab or a click elsewhere closes it.
 */
export function MenuButton({
  children,
  label,
  menuLabel,
  items,
  disabled = false,
  className,
}: TMenuButtonProps) {
  const id = useId();
  const buttonId = `${id}-button`;
  const menuId = `${id}-menu`;
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);

  useEffect(() => {
    if (open) itemRefs.current[active]?.focus();
  }, [open, active]);

  // A choice opens on the chosen item.
  const chosen = items.findIndex((item) => item.checked);
  const first = chosen === -1 ? 0 : chosen;

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const openAt = (index: number) => {
    setActive(index);
    setOpen(true);
  };

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown') openAt(first);
    else if (event.key === 'ArrowUp') openAt(chosen === -1 ? items.length - 1 : chosen);
    else return;
    event.preventDefault();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = items.length - 1;
    if (event.key === 'ArrowDown') setActive((index) => (index >= last ? 0 : index + 1));
    else if (event.key === 'ArrowUp') setActive((index) => (index <= 0 ? last : index - 1));
    else if (event.key === 'Home') setActive(0);
    else if (event.key === 'End') setActive(last);
    else if (event.key === 'Escape') close();
    else if (event.key === 'Tab') {
      setOpen(false);
      return;
    } else return;
    event.preventDefault();
  };

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        id={buttonId}
        type="button"
        aria-haspopup="menu"
        aria-label={label}
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={disabled}
        onClick={() => (open ? setOpen(false) : openAt(first))}
        onKeyDown={onButtonKeyDown}
        className={cx(
          'inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-xl px-2 text-sm font-semibold text-slate-700 transition-colors hover:bg-slate-100 disabled:opacity-60 sm:px-3 dark:text-slate-200 dark:hover:bg-slate-800',
          focusRing,
          className,
        )}
      >
        {children}
        <ChevronDown
          aria-hidden="true"
          className={cx(
            // Phones keep the header's room for the controls themselves.
            'hidden size-4 shrink-0 transition-transform motion-reduce:transition-none sm:block',
            open && 'rotate-180',
          )}
        />
      </button>
      {open ? (
        <div
          id={menuId}
          role="menu"
          aria-labelledby={menuLabel ? undefined : buttonId}
          aria-label={menuLabel}
          onKeyDown={onMenuKeyDown}
          className="absolute end-0 top-full z-20 mt-2 w-64 max-w-[calc(100vw-1.5rem)] overflow-hidden rounded-2xl border border-slate-200 bg-white p-1.5 shadow-xl dark:border-slate-700 dark:bg-slate-900"
        >
          {items.map((item, index) => (
            <button
              key={item.id}
              ref={(element) => {
                itemRefs.current[index] = element;
              }}
              type="button"
              role={item.checked === undefined ? 'menuitem' : 'menuitemradio'}
              aria-checked={item.checked}
              tabIndex={-1}
              onClick={() => {
                close();
                item.onSelect();
              }}
              onPointerMove={() => setActive(index)}
              className={cx(
                'flex min-h-11 w-full items-center gap-3 rounded-xl px-3 text-start text-sm font-medium outline-none',
                'focus-visible:ring-2 focus-visible:ring-purple-600 dark:focus-visible:ring-purple-400',
                item.danger
                  ? 'text-red-700 focus:bg-red-50 dark:text-red-300 dark:focus:bg-red-950/50'
                  : 'text-slate-800 focus:bg-slate-100 dark:text-slate-100 dark:focus:bg-slate-800',
              )}
            >
              {item.icon}
              {item.description ? (
                <span className="min-w-0 flex-1 py-1.5">
                  <span className="block truncate">{item.label}</span>
                  <span className="block truncate text-xs font-normal text-slate-600 dark:text-slate-300">
                    {item.description}
                  </span>
                </span>
              ) : (
                <span className="min-w-0 flex-1 py-2">{item.label}</span>
              )}
              {item.checked ? (
                <Check aria-hidden="true" className="size-4 shrink-0 text-purple-700 dark:text-purple-300" />
              ) : null}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
