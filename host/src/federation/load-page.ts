import type { ComponentType } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { withTimeout } from './with-timeout';

export const PAGE_TIMEOUT_MS = 10_000;

const cache = new Map<string, Promise<ComponentType>>();
const loaded = new Map<string, ComponentType>();

const pageId = (remote: string, module: string) => `${remote}/${module.replace(/^\.\//, '')}`;

function isPageModule(value: unknown): value is { default: ComponentType } {
  return (
    typeof value === 'object' && value !== null && 'default' in value && typeof value.default === 'function'
  );
}

/** Loads a remote page (e.g. users + './user-list'); remembered unless it failed. */
export function loadPage(remote: string, module: string): Promise<ComponentType> {
  const id = pageId(remote, module);
  const cached = cache.get(id);
  if (cached) return cached;
  const promise = withTimeout(loadRemote<unknown>(id), PAGE_TIMEOUT_MS, id).then((mod) => {
    if (!isPageModule(mod)) throw new Error(`${id} has no default page component`);
    loaded.set(id, mod.default);
    return mod.default;
  });
  cache.set(id, promise);
  promise.catch(() => cache.delete(id));
  return promise;
}

/** The page component if it has already loaded (so a second visit renders at once, no spinner). */
export function loadedPage(remote: string, module: string): ComponentType | undefined {
  return loaded.get(pageId(remote, module));
}

/** Starts loading a page before it is visited (sidebar hover, focus). Errors surface on visit. */
export function prefetchPage(remote: string, module: string): void {
  loadPage(remote, module).catch(() => undefined);
}
