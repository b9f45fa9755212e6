import type { ReactElement, ReactNode } from 'react';
import { Tooltip as RadixTooltip } from 'radix-ui';
import styles from './tooltip.module.css';

export interface TooltipProps {
  /** What the tooltip shows. */
  content: ReactNode;
  /** The trigger: one focusable element (a button), so keyboard users reach the tooltip too. */
  children: ReactElement;
  side?: 'top' | 'right' | 'bottom' | 'left';
}

/** A hover/focus tooltip (Radix: Escape closes, content described to screen readers). */
export function Tooltip({ content, children, side = 'bottom' }: TooltipProps) {
  return (
    <RadixTooltip.Provider delayDuration={200}>
      <RadixTooltip.Root>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content
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
