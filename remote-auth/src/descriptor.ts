import type { RemoteDescriptor } from '@sso/shared/federation';
import { authRoutes, describeRoutes } from '@sso/shared/routes';

/**
 * What this remote contributes, as data (DESIGN "Federation contract"), derived from its route table
 * (`authRoutes`). Read by the build into mf-manifest.json; imports no page code (see descriptor.test.ts).
 */
export const descriptor = {
  name: 'auth',
  ...describeRoutes(authRoutes),
} satisfies RemoteDescriptor;
