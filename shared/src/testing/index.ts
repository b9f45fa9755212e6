// Test-only helpers for the remotes' Jest suites. Never imported by application code (so never
// bundled or federated); it lives in @sso/shared so each remote team gets the same contract checks.
import path from 'node:path';
import { remoteDescriptorSchema } from '@sso/shared/federation';

export interface DescriptorContract {
  /** The remote's federation name (`auth`, `users`, `roles`). */
  name: string;
  /** The remote's package folder (the one holding `src/`): pass `path.join(__dirname, '..')`. */
  packageDir: string;
  /** The remote's exposes map, as its build reads it. */
  exposes: Record<string, string>;
  /** Imports the descriptor from the remote's own test, so the path is the remote's. */
  load: () => Promise<{ descriptor: unknown }>;
}

/**
 * Backstage's lazy test, for any remote: the descriptor is data. Importing it must not load any
 * page code, or the host would pay for every remote's pages on first load; and each route must name
 * a module the remote exposes.
 */
export function testRemoteDescriptor({ name, packageDir, exposes, load }: DescriptorContract): void {
  const loaded: string[] = [];
  for (const file of Object.values(exposes)) {
    const modulePath = path.join(packageDir, file.replace(/\.tsx?$/, ''));
    jest.doMock(modulePath, () => {
      loaded.push(modulePath);
      return {};
    });
  }

  test('importing the descriptor loads no page code', async () => {
    const { descriptor } = await load();
    expect(remoteDescriptorSchema.parse(descriptor).routes.length).toBeGreaterThan(0);
    expect(loaded).toEqual([]);
  });

  test('the descriptor is valid and every route names an exposed module', async () => {
    const parsed = remoteDescriptorSchema.parse((await load()).descriptor);
    expect(parsed.name).toBe(name);
    for (const route of parsed.routes) expect(Object.keys(exposes)).toContain(route.module);
  });
}
