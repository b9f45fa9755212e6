/** Exposed federated modules: the build reads this map (see rspack.config.ts). */
export const exposes = {
  './user-list': './src/user-list/user-list-page.tsx',
  './user-create': './src/user-form/user-create-page.tsx',
  './user-edit': './src/user-form/user-edit-page.tsx',
  './user-import': './src/user-import/user-import-page.tsx',
  './home-users-card': './src/home-card/users-card.tsx',
};
