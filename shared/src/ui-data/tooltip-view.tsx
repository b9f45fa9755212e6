import { useEffect, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { Tooltip as RadixTooltip } from 'radix-ui';
import styles from './tooltip.module.css';

export interface TooltipViewProps {
  content: ReactNode;
  children: ReactElement;
  side: 'top' | 'right' | 'bottom' | 'left';
  /** Shown at once: the pointer rested on, or the keyboard reached, the trigger while this loaded. */
  defaultOpen: boolean;
  /** The trigger had focus before it was replaced by this one: give focus back. */
  refocus: boolean;
}

/** The loaded tooltip (Radix: Escape closes, content described to screen readers). */
export default function TooltipView({ content, children, side, defaultOpen, refocus }: TooltipViewProps) {
  const trigger = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(defaultOpen);
  useEffect(() => {
    if (refocus) trigger.current?.focus();
  }, [refocus]);
  // Opened by a hover that began before this trigger existed: the browser will not tell the new
  // trigger that the pointer left. Hand over on the first move: over the trigger, Radix tracks the
  // pointer from then on; elsewhere (and not over the tooltip), close.
  useEffect(() => {
    if (!defaultOpen || refocus) return;
    const onMove = (event: PointerEvent) => {
      document.removeEventListener('pointermove', onMove);
      const target = event.target instanceof Node ? event.target : null;
      if (target && (trigger.current?.contains(target) || panel.current?.contains(target))) return;
      setOpen(false);
    };
    document.addEventListener('pointermove', onMove);
    return () => document.removeEventListener('pointermove', onMove);
  }, [defaultOpen, refocus]);
  return (
    <RadixTooltip.Provider delayDuration={200}>
      <RadixTooltip.Root open={open} onOpenChange={setOpen}>
        <RadixTooltip.Trigger asChild ref={trigger}>
          {children}
        </RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content
            ref={panel}
            className={styles.content}
            side={side}
            align="start"
            sideOffset={4}
            collisionPadding={8}
          >
            {content}
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
