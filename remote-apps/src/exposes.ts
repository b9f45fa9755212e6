/** Exposed federated modules: the build reads this map (see rspack.config.ts). */
export const exposes = {
  './app-list': './src/app-list/app-list-page.tsx',
  './app-create': './src/app-form/app-create-page.tsx',
  './app-edit': './src/app-form/app-edit-page.tsx',
  './home-apps-card': './src/home-card/apps-card.tsx',
  './home-your-apps-card': './src/your-apps/your-apps-card.tsx',
};
