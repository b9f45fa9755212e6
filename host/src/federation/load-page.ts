import type { ComponentType } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { withTimeout } from './with-timeout';

export const PAGE_TIMEOUT_MS = 10_000;

/** Pages asked for, by id: the load under way and, once it succeeded, the component. */
const pages = new Map<string, { promise: Promise<ComponentType>; component?: ComponentType }>();

const pageId = (remote: string, module: string) => `${remote}/${module.replace(/^\.\//, '')}`;

function isPageModule(value: unknown): value is { default: ComponentType } {
  return (
    typeof value === 'object' && value !== null && 'default' in value && typeof value.default === 'function'
  );
}

/** Loads a remote page (e.g. users + './user-list'); remembered unless it failed. */
export function loadPage(remote: string, module: string): Promise<ComponentType> {
  const id = pageId(remote, module);
  const known = pages.get(id);
  if (known) return known.promise;
  const entry: { promise: Promise<ComponentType>; component?: ComponentType } = {
    promise: withTimeout(loadRemote<unknown>(id), PAGE_TIMEOUT_MS, id).then((mod) => {
      if (!isPageModule(mod)) throw new Error(`${id} has no default page component`);
      entry.component = mod.default;
      return mod.default;
    }),
  };
  pages.set(id, entry);
  // A failed load is forgotten, so a retry loads again.
  entry.promise.catch(() => pages.delete(id));
  return entry.promise;
}

/** The page component if it has already loaded (so a second visit renders at once, no spinner). */
export function loadedPage(remote: string, module: string): ComponentType | undefined {
  return pages.get(pageId(remote, module))?.component;
}

/** Starts loading a page before it is visited (sidebar hover, focus). Errors surface on visit. */
export function prefetchPage(remote: string, module: string): void {
  loadPage(remote, module).catch(() => undefined);
}
