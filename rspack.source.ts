/**
 * How the apps' sources (TypeScript, TSX) are resolved and compiled: shared by the apps' builds
 * (rspack.base.ts) and remote-auth's prerender of its first screens (remote-auth/prerender.mjs).
 */

export const sourceResolve = {
  extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'],
  extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
};

/** SWC with React's automatic runtime; `react` adds the dev build's options (development, refresh). */
export function sourceRule(react: { development?: boolean; refresh?: boolean } = {}) {
  return {
    test: /\.[jt]sx?$/,
    exclude: /node_modules/,
    loader: 'builtin:swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', ...react } },
        target: 'es2022',
      },
    },
    type: 'javascript/auto',
  };
}
