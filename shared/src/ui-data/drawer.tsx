import { createElement, useState, type ReactNode } from 'react';
import { lazyPart } from './lazy-part';

export interface DrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The drawer's heading and accessible name (e.g. `Detail User`). */
  title: string;
  /** Optional description for screen readers and under the title. */
  description?: string;
  children: ReactNode;
  /** Action row pinned to the bottom (e.g. Hapus and Edit). */
  footer?: ReactNode;
}

const drawer = lazyPart(() => import('./drawer-view'));

/**
 * Right-side panel (spec 2 detail drawer, width 450 from spec 9). Radix Dialog: modal, focus trapped,
 * Escape and the overlay close it, focus returns to what opened it. Its code loads when it first
 * opens; it then stays mounted so closing animates and returns focus.
 */
export function Drawer(props: DrawerProps) {
  const [used, setUsed] = useState(props.open);
  if (props.open && !used) setUsed(true);
  const View = drawer.useLoaded(used);
  return View ? createElement(View, props) : null;
}
