import path from 'node:path';
import { testRemoteDescriptor } from '@sso/shared/testing';
import { exposes } from './exposes';

testRemoteDescriptor({
  name: 'auth',
  packageDir: path.join(__dirname, '..'),
  exposes,
  load: () => import('./descriptor'),
});
