import { defineApp } from '../../rspack.base.ts';

// Same production settings as every app, without federation (the bench's baseline).
export default (env: { production?: boolean }) =>
  defineApp(
    { name: 'baseline', dir: import.meta.dirname, port: 3999, title: 'Baseline', federation: false },
    env,
  );
