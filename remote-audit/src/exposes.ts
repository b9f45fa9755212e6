/** Exposed federated modules: the build reads this map (see rspack.config.ts). */
export const exposes = {
  './audit-log': './src/audit-log/audit-log-page.tsx',
  './home-recent-activity': './src/home-card/recent-activity-card.tsx',
};
