import './menu-button.css';
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface MenuItem {
  label: string;
  run: () => void;
  title?: string;
  disabled?: boolean;
  /** Draws a line above the item (a new group). */
  group?: boolean;
}

/**
 * A button that opens a popover under it: the platform's popover (top layer, so no toolbar or
 * pane clips it; a click outside or Escape closes it and focus returns to the button), placed by
 * CSS anchor positioning. A click on a button inside closes it too (not inside `data-popover-stay`).
 */
export function PopoverButton({ label, detail, title, className = 'secondary', role, children, onKeyDown }: {
  label: string;
  /** Shown after the label in the button (a count), not in the popover's name. */
  detail?: ReactNode;
  title?: string;
  className?: string;
  /** `menu` for a list of menu items (MenuButton); else a group of controls. */
  role?: 'menu' | 'group';
  children: ReactNode;
  onKeyDown?: (e: KeyboardEvent<HTMLDivElement>) => void;
}) {
  const id = useId();
  const popover = useRef<HTMLDivElement>(null);
  return (
    <>
      <button type="button" className={`menu-button ${className}`} popoverTarget={id} aria-haspopup={role === 'menu' ? 'menu' : undefined} title={title}>
        {label}{detail} <span aria-hidden="true">▾</span>
      </button>
      <div
        ref={popover}
        id={id}
        popover="auto"
        role={role ?? 'group'}
        aria-label={label}
        className="menu-popover"
        onKeyDown={onKeyDown}
        onClick={(e) => {
          // Done with it once a button acted, unless that button reports back where it is (data-popover-stay).
          const button = (e.target as HTMLElement).closest('button');
          if (button && !button.closest('[data-popover-stay]')) popover.current?.hidePopover();
        }}
        onToggle={(e) => e.newState === 'open' && popover.current?.querySelector<HTMLElement>('button:not(:disabled), select, input')?.focus()}
      >
        {children}
      </div>
    </>
  );
}

/** A button with a short menu of actions; arrow keys, Home and End move between the items, as in a menu bar's menu. */
export function MenuButton({ label, detail, items, title, className }: { label: string; detail?: ReactNode; items: MenuItem[]; title?: string; className?: string }) {
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const all = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('[role="menuitem"]:not(:disabled)')];
    const at = all.indexOf(document.activeElement as HTMLButtonElement);
    const next = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: all.length - 1 }[e.key];
    if (next === undefined || all.length === 0) return;
    e.preventDefault();
    all[(next + all.length) % all.length]!.focus();
  };
  return (
    <PopoverButton label={label} detail={detail} title={title} className={className} role="menu" onKeyDown={onKey}>
      {items.map((item, i) => (
        <button key={i} type="button" role="menuitem" className={item.group ? 'menu-item menu-group' : 'menu-item'} title={item.title} disabled={item.disabled} onClick={item.run}>
          {item.label}
        </button>
      ))}
    </PopoverButton>
  );
}
