import * as v from 'valibot';
import { remoteDescriptorSchema, type RemoteDescriptor } from '@sso/shared/federation';

const KEY = 'sso.remote-descriptors';
const cacheSchema = v.record(v.string(), remoteDescriptorSchema);

/**
 * The last descriptor each remote served. When a remote is down at start, its routes and sidebar
 * item stay known, so its pages show the "module unavailable" fallback instead of a 404.
 */
export const descriptorCache = {
  read(name: string): RemoteDescriptor | undefined {
    try {
      const parsed = v.safeParse(cacheSchema, JSON.parse(window.localStorage.getItem(KEY) ?? '{}'));
      return parsed.success ? parsed.output[name] : undefined;
    } catch {
      return undefined;
    }
  },
  write(descriptor: RemoteDescriptor): void {
    try {
      const current = v.safeParse(cacheSchema, JSON.parse(window.localStorage.getItem(KEY) ?? '{}'));
      const next = { ...(current.success ? current.output : {}), [descriptor.name]: descriptor };
      window.localStorage.setItem(KEY, JSON.stringify(next));
    } catch {
      // Storage full or unavailable: the cache is an optimisation only.
    }
  },
};
