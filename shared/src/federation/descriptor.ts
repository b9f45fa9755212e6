import { array, enumOf, number, object, string, url, type Infer } from '@sso/shared/validate';

/**
 * A remote describes itself as data (DESIGN "Federation contract"): its routes and its sidebar items.
 * The static part rides in the remote's mf-manifest.json (`metaData.ssoDescriptor`), so the host
 * can build the router and the sidebar without executing any remote code. Page code is named by
 * its federated module (`module: './user-list'`) and loaded only when a route is visited.
 * Checked on the first screen, so with @sso/shared/validate, not zod (ADR 0006).
 */
export const routeAccessSchema = enumOf(['public-only', 'protected']);
export type RouteAccess = Infer<typeof routeAccessSchema>;

const pathSchema = string({
  max: 200,
  pattern: /^\/[a-z0-9\-/:]*$/i,
  message: 'path must start with / and hold only letters, digits, -, / and :',
});

const menuNameSchema = string({ min: 1, max: 80 });

/**
 * The menu grant a protected route needs (DESIGN "Access control"): a route above the user's level
 * shows the no-access page instead of loading its page.
 */
export const routeRequirementSchema = object({
  menu: menuNameSchema,
  capability: enumOf(['view', 'create', 'edit', 'delete']),
});
export type RouteRequirement = Infer<typeof routeRequirementSchema>;

export const remoteRouteSchema = object({
  path: pathSchema,
  access: routeAccessSchema,
  requires: routeRequirementSchema.optional(),
  /** The exposed module holding the page, e.g. './user-list'. */
  module: string({ pattern: /^\.\/[a-z0-9-]+$/ }),
  /** Paths that select this route's sidebar item, besides the item's own path. */
  navPath: pathSchema.optional(),
});
export type RemoteRoute = Infer<typeof remoteRouteSchema>;

export const navIconSchema = enumOf(['home', 'users', 'roles', 'apps', 'settings', 'audit', 'generic']);
export type NavIcon = Infer<typeof navIconSchema>;

export const navItemSchema = object({
  label: string({ min: 1, max: 60 }),
  icon: navIconSchema,
  path: pathSchema,
  order: number({ int: true, min: 0, max: 10_000 }),
  /** The app-1 menu whose grant shows this item; without it every user of the panel sees it. */
  menu: menuNameSchema.optional(),
});
export type NavItem = Infer<typeof navItemSchema>;

/**
 * A card the remote adds to Home (an overview assembled from the remotes). The host lays the cards
 * out in a grid by `order`, each behind its own error boundary; it loads a card's module only for a
 * user whose grants meet `requires`, so no code of a card the user may not see is fetched.
 */
export const homeCardSchema = object({
  /** Unique among the remote's cards: the card's key and test id. */
  id: string({ pattern: /^[a-z][a-z0-9-]*$/ }),
  /** Heading of the card, shown while it loads and when it fails too. */
  title: string({ min: 1, max: 60 }),
  /** The exposed module whose default export is the card's body, e.g. './home-users-card'. */
  module: string({ pattern: /^\.\/[a-z0-9-]+$/ }),
  /** The grant the card needs; without it every signed-in user of the panel sees it (e.g. "Aplikasi Anda"). */
  requires: routeRequirementSchema.optional(),
  order: number({ int: true, min: 0, max: 10_000 }),
  /** `wide` spans two columns of the grid (a list); `small` one (a figure). */
  size: enumOf(['small', 'wide']).optional(),
});
export type HomeCard = Infer<typeof homeCardSchema>;

export const remoteDescriptorSchema = object({
  /** Federation container name; must equal the registry entry's name. */
  name: string({ pattern: /^[a-z][a-z0-9_]*$/ }),
  routes: array(remoteRouteSchema, { max: 50 }),
  nav: array(navItemSchema, { max: 20 }),
  /** Home cards; optional, so an older remote without any still validates. */
  cards: array(homeCardSchema, { max: 10 }).optional(),
});
export type RemoteDescriptor = Infer<typeof remoteDescriptorSchema>;

/** Where the descriptor rides inside mf-manifest.json. */
export const MANIFEST_DESCRIPTOR_KEY = 'ssoDescriptor';

/** Where the build information rides inside mf-manifest.json. */
export const MANIFEST_BUILD_KEY = 'ssoBuild';

/** Which build a manifest belongs to (written by rspack.base.ts; absent in older remotes). */
export const buildInfoSchema = object({
  /** The remote's package version. */
  version: string({ min: 1, max: 64 }),
  /** The pipeline's build id (or the build time in base 36 for a local build). */
  buildId: string({ min: 1, max: 128 }),
  /** ISO time of the build. */
  builtAt: string({ min: 1, max: 64 }),
});
export type BuildInfo = Infer<typeof buildInfoSchema>;

/** A file a manifest names, relative to its public path (a remote entry, a chunk, a stylesheet). */
const manifestFileSchema = string({ max: 2048 });
const manifestFilesSchema = object(
  {
    sync: array(manifestFileSchema, { max: 1000 }).optional(),
    async: array(manifestFileSchema, { max: 1000 }).optional(),
  },
  { loose: true },
);

/** The code files of an exposed or shared module, as the manifest plugin lists them. */
export const manifestAssetsSchema = object(
  { js: manifestFilesSchema.optional(), css: manifestFilesSchema.optional() },
  { loose: true },
);
export type ManifestAssets = Infer<typeof manifestAssetsSchema>;

/**
 * A shared module as the manifest plugin lists it: the remote's build needs `requiredVersion` of it
 * from whoever provides the singleton (the host).
 */
export const manifestSharedSchema = object(
  {
    name: string({ min: 1, max: 214 }),
    version: string({ max: 64 }).optional(),
    requiredVersion: string({ max: 64 }).optional(),
    assets: manifestAssetsSchema.optional(),
  },
  { loose: true },
);
export type ManifestShared = Infer<typeof manifestSharedSchema>;

/** The part of mf-manifest.json the host reads. */
export const manifestSchema = object({
  name: string(),
  metaData: object(
    {
      publicPath: string().optional(),
      /** The container script: `path` and `name`, below the public path. */
      remoteEntry: object(
        { name: string({ min: 1, max: 2048 }), path: manifestFileSchema.optional() },
        { loose: true },
      ).optional(),
      [MANIFEST_DESCRIPTOR_KEY]: remoteDescriptorSchema,
      [MANIFEST_BUILD_KEY]: buildInfoSchema.optional(),
    },
    { loose: true },
  ),
  /** Optional: an older or hand-written manifest without it still loads. */
  shared: array(manifestSharedSchema, { max: 200 }).optional(),
  /** The exposed modules and their files (the host checks where each would load from). */
  exposes: array(
    object({ name: string({ max: 200 }), assets: manifestAssetsSchema.optional() }, { loose: true }),
    { max: 200 },
  ).optional(),
});

/** Runtime registry of remotes: adding a remote is one entry here, no host rebuild. */
export const remoteEntrySchema = object({
  name: string({ pattern: /^[a-z][a-z0-9_]*$/ }),
  entry: url({ protocol: /^https?$/ }),
});
export type RemoteEntry = Infer<typeof remoteEntrySchema>;

export const runtimeConfigSchema = object({
  apiBaseUrl: url({ protocol: /^https?$/ }),
  remotes: array(remoteEntrySchema, { max: 30 }),
  /** Product name used in texts such as the delete dialog body. */
  productName: string({ min: 1, max: 80 }).default('SSO Admin Panel'),
});
export type RuntimeConfig = Infer<typeof runtimeConfigSchema>;
