/** Exposed federated modules: the build reads this map (see rspack.config.ts). */
export const exposes = {
  './role-list': './src/role-list/role-list-page.tsx',
  './role-create': './src/role-form/role-create-page.tsx',
  './role-edit': './src/role-form/role-edit-page.tsx',
  './home-roles-card': './src/home-card/roles-card.tsx',
  './access-map': './src/access-map/access-map-page.tsx',
};
