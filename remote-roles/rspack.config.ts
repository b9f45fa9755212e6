import { defineApp } from '../rspack.base.ts';
import { descriptor } from './src/descriptor.ts';
import { exposes } from './src/exposes.ts';

export default (env: { production?: boolean }) =>
  defineApp(
    {
      name: 'roles',
      dir: import.meta.dirname,
      port: 3003,
      exposes,
      descriptor,
      title: 'SSO · roles (standalone)',
    },
    env,
  );
