import { defineApp } from '../rspack.base.ts';
import { descriptor } from './src/descriptor.ts';
import { exposes } from './src/exposes.ts';

export default (env: { production?: boolean }) =>
  defineApp(
    {
      name: 'audit',
      dir: import.meta.dirname,
      port: 3005,
      exposes,
      descriptor,
      title: 'SSO · audit (standalone)',
    },
    env,
  );
