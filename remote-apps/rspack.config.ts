import { defineApp } from '../rspack.base.ts';
import { descriptor } from './src/descriptor.ts';
import { exposes } from './src/exposes.ts';

export default (env: { production?: boolean }) =>
  defineApp(
    {
      name: 'apps',
      dir: import.meta.dirname,
      port: 3004,
      exposes,
      descriptor,
      title: 'SSO · apps (standalone)',
    },
    env,
  );
