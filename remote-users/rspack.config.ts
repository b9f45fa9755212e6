import { defineApp } from '../rspack.base.ts';
import { descriptor } from './src/descriptor.ts';
import { exposes } from './src/exposes.ts';

export default (env: { production?: boolean }) =>
  defineApp(
    {
      name: 'users',
      dir: import.meta.dirname,
      port: 3002,
      exposes,
      descriptor,
      title: 'SSO · users (standalone)',
    },
    env,
  );
