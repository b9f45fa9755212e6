import { useId, type MouseEvent } from 'react';
import { Button, type ButtonProps } from '@sso/shared/ui';
import { Tooltip } from './tooltip';
import styles from './action-button.module.css';

export interface ActionButtonProps extends ButtonProps {
  /**
   * Why the signed-in user may not take this action (issue 37: say why, offer only what works).
   * Given, the button stays in place and in the tab order, reads as disabled (`aria-disabled`), is
   * described by the reason for screen readers, shows it as a tooltip on hover and focus, and a press
   * does nothing.
   */
  disabledReason?: string | undefined;
}

/**
 * A button that, when its action is not available, says why instead of vanishing or going silent
 * (a plain `disabled` button cannot be focused, so neither keyboard nor screen-reader users learn the
 * reason). Row menus say the same through `KebabMenuItem.disabledReason`.
 */
export function ActionButton({ disabledReason, onClick, className, ...rest }: ActionButtonProps) {
  const reasonId = useId();
  if (!disabledReason) return <Button {...rest} className={className} onClick={onClick} />;
  const ignore = (event: MouseEvent<HTMLButtonElement>) => event.preventDefault();
  return (
    <>
      <Tooltip content={disabledReason} side="top">
        <Button
          {...rest}
          className={[styles.unavailable, className ?? ''].filter(Boolean).join(' ')}
          aria-disabled="true"
          aria-describedby={reasonId}
          onClick={ignore}
        />
      </Tooltip>
      <span id={reasonId} className="sso-visually-hidden">
        {disabledReason}
      </span>
    </>
  );
}
