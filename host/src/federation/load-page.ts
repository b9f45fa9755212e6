import type { ComponentType } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { withTimeout } from './with-timeout';

export const PAGE_TIMEOUT_MS = 10_000;

const cache = new Map<string, Promise<ComponentType>>();

function isPageModule(value: unknown): value is { default: ComponentType } {
  return (
    typeof value === 'object' && value !== null && 'default' in value && typeof value.default === 'function'
  );
}

/** Loads a remote page (e.g. users + './user-list'); remembered unless it failed. */
export function loadPage(remote: string, module: string): Promise<ComponentType> {
  const id = `${remote}/${module.replace(/^\.\//, '')}`;
  const cached = cache.get(id);
  if (cached) return cached;
  const promise = withTimeout(loadRemote<unknown>(id), PAGE_TIMEOUT_MS, id).then((mod) => {
    if (!isPageModule(mod)) throw new Error(`${id} has no default page component`);
    return mod.default;
  });
  cache.set(id, promise);
  promise.catch(() => cache.delete(id));
  return promise;
}

/** Starts loading a page before it is visited (sidebar hover, focus). Errors surface on visit. */
export function prefetchPage(remote: string, module: string): void {
  loadPage(remote, module).catch(() => undefined);
}
