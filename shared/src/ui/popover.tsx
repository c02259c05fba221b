import {
  useEffect,
  useId,
  useRef,
  type ButtonHTMLAttributes,
  type HTMLAttributes,
  type ReactNode,
  type RefObject,
} from 'react';

export interface PopoverProps {
  open: boolean;
  /** Called with `!open` on a button click, with `false` on Escape or a click outside. */
  onOpenChange: (open: boolean) => void;
  /** The button's attributes (class, label, `aria-haspopup`, extra keys); click and ARIA state are the popover's. */
  buttonProps?: Omit<
    ButtonHTMLAttributes<HTMLButtonElement>,
    'type' | 'onClick' | 'aria-expanded' | 'aria-controls'
  >;
  buttonContent: ReactNode;
  /** The caller's handle on the button (e.g. to focus it after choosing a menu item). */
  buttonRef?: RefObject<HTMLButtonElement | null>;
  /** The panel's attributes (class, role, label, keys). */
  panelProps?: Omit<HTMLAttributes<HTMLDivElement>, 'id'>;
  panelRef?: RefObject<HTMLDivElement | null>;
  /** Class of the wrapper that holds button and panel (the panel is positioned against it). */
  className?: string;
  children: ReactNode;
}

/**
 * The one popover: a button and a panel it controls (`aria-expanded`, `aria-controls`).
 * Escape closes it and returns the focus to the button; a pointer press outside closes it. Menus add
 * their roles and arrow keys through `buttonProps` / `panelProps`.
 */
export function Popover({
  open,
  onOpenChange,
  buttonProps,
  buttonContent,
  buttonRef,
  panelProps,
  panelRef,
  className,
  children,
}: PopoverProps) {
  const panelId = useId();
  const container = useRef<HTMLDivElement>(null);
  const ownButton = useRef<HTMLButtonElement>(null);
  const button = buttonRef ?? ownButton;
  const onOpenChangeRef = useRef(onOpenChange);
  useEffect(() => {
    onOpenChangeRef.current = onOpenChange;
  }, [onOpenChange]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      onOpenChangeRef.current(false);
      button.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (container.current && !container.current.contains(e.target as Node)) onOpenChangeRef.current(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, button]);

  return (
    <div className={className} ref={container}>
      <button
        {...buttonProps}
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => onOpenChange(!open)}
      >
        {buttonContent}
      </button>
      {open && (
        <div {...panelProps} id={panelId} ref={panelRef}>
          {children}
        </div>
      )}
    </div>
  );
}
