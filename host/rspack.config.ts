import { defineApp } from '../rspack.base.ts';

export default (env: { production?: boolean }) =>
  defineApp(
    {
      name: 'host',
      dir: import.meta.dirname,
      port: 3000,
      title: 'SSO Admin Panel',
      headScript: 'early-fetch.js',
      prerenderedScreens: true,
    },
    env,
  );
