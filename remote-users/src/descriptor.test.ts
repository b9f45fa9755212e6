import { remoteDescriptorSchema } from '@sso/shared/federation';
import { exposes } from './exposes';

// Backstage's lazy test: the descriptor is data. Importing it must not load any page code,
// or the host would pay for every remote's pages on first load.
const loaded: string[] = [];
for (const file of Object.values(exposes)) {
  if (file.endsWith('descriptor.ts')) continue;
  const modulePath = file.replace('./src/', './').replace(/\.tsx?$/, '');
  jest.doMock(modulePath, () => {
    loaded.push(modulePath);
    return {};
  });
}

test('importing the descriptor loads no page code', async () => {
  const { descriptor } = await import('./descriptor');
  expect(descriptor.routes.length).toBeGreaterThan(0);
  expect(loaded).toEqual([]);
});

test('the descriptor is valid and every route names an exposed module', async () => {
  const { descriptor } = await import('./descriptor');
  const parsed = remoteDescriptorSchema.parse(descriptor);
  expect(parsed.name).toBe('users');
  for (const route of parsed.routes) expect(Object.keys(exposes)).toContain(route.module);
});
