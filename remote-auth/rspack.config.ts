import { defineApp } from '../rspack.base.ts';
import { descriptor } from './src/descriptor.ts';
import { exposes } from './src/exposes.ts';

export default (env: { production?: boolean }) =>
  defineApp(
    {
      name: 'auth',
      dir: import.meta.dirname,
      port: 3001,
      exposes,
      descriptor,
      title: 'SSO · auth (standalone)',
    },
    env,
  );
