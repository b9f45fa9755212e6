import * as v from 'valibot';

/**
 * A remote describes itself as data (DESIGN "Federation contract"): its routes and its sidebar items.
 * The static part rides in the remote's mf-manifest.json (`metaData.ssoDescriptor`), so the host
 * can build the router and the sidebar without executing any remote code. Page code is named by
 * its federated module (`module: './user-list'`) and loaded only when a route is visited.
 * Checked on the first screen, so with valibot, not the zod contract (ADR 0006): `v.parse` and
 * `v.safeParse` read them; objects drop unknown keys unless `looseObject`.
 */
type Infer<S extends v.GenericSchema> = v.InferOutput<S>;

/** A string of `min` to `max` characters. */
const text = (min: number, max: number) => v.pipe(v.string(), v.minLength(min), v.maxLength(max));
/** An integer in `min`..`max`. */
const integer = (min: number, max: number) =>
  v.pipe(v.number(), v.integer(), v.minValue(min), v.maxValue(max));
/** An absolute http(s) URL (a `javascript:` or unparsable text is refused). */
const httpUrl = v.pipe(v.string(), v.check(isHttpUrl, 'expected an http(s) URL'));

function isHttpUrl(value: string): boolean {
  try {
    return /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
}

export const routeAccessSchema = v.picklist(['public-only', 'protected']);
export type RouteAccess = Infer<typeof routeAccessSchema>;

const pathSchema = v.pipe(
  v.string(),
  v.maxLength(200),
  v.regex(/^\/[a-z0-9\-/:]*$/i, 'path must start with / and hold only letters, digits, -, / and :'),
);

const menuNameSchema = text(1, 80);

/**
 * The menu grant a protected route needs (DESIGN "Access control"): a route above the user's level
 * shows the no-access page instead of loading its page.
 */
export const routeRequirementSchema = v.object({
  menu: menuNameSchema,
  capability: v.picklist(['view', 'create', 'edit', 'delete']),
});
export type RouteRequirement = Infer<typeof routeRequirementSchema>;

export const remoteRouteSchema = v.object({
  path: pathSchema,
  access: routeAccessSchema,
  requires: v.optional(routeRequirementSchema),
  /** The exposed module holding the page, e.g. './user-list'. */
  module: v.pipe(v.string(), v.regex(/^\.\/[a-z0-9-]+$/)),
  /** Paths that select this route's sidebar item, besides the item's own path. */
  navPath: v.optional(pathSchema),
});
export type RemoteRoute = Infer<typeof remoteRouteSchema>;

export const navIconSchema = v.picklist(['home', 'users', 'roles', 'apps', 'settings', 'audit', 'generic']);
export type NavIcon = Infer<typeof navIconSchema>;

export const navItemSchema = v.object({
  label: text(1, 60),
  icon: navIconSchema,
  path: pathSchema,
  order: integer(0, 10_000),
  /** The app-1 menu whose grant shows this item; without it every user of the panel sees it. */
  menu: v.optional(menuNameSchema),
});
export type NavItem = Infer<typeof navItemSchema>;

/**
 * A card the remote adds to Home (an overview assembled from the remotes). The host lays the cards
 * out in a grid by `order`, each behind its own error boundary; it loads a card's module only for a
 * user whose grants meet `requires`, so no code of a card the user may not see is fetched.
 */
export const homeCardSchema = v.object({
  /** Unique among the remote's cards: the card's key and test id. */
  id: v.pipe(v.string(), v.regex(/^[a-z][a-z0-9-]*$/)),
  /** Heading of the card, shown while it loads and when it fails too. */
  title: text(1, 60),
  /** The exposed module whose default export is the card's body, e.g. './home-users-card'. */
  module: v.pipe(v.string(), v.regex(/^\.\/[a-z0-9-]+$/)),
  /** The grant the card needs; without it every signed-in user of the panel sees it (e.g. "Aplikasi Anda"). */
  requires: v.optional(routeRequirementSchema),
  order: integer(0, 10_000),
  /** `wide` spans two columns of the grid (a list); `small` one (a figure). */
  size: v.optional(v.picklist(['small', 'wide'])),
});
export type HomeCard = Infer<typeof homeCardSchema>;

export const remoteDescriptorSchema = v.object({
  /** Federation container name; must equal the registry entry's name. */
  name: v.pipe(v.string(), v.regex(/^[a-z][a-z0-9_]*$/)),
  routes: v.pipe(v.array(remoteRouteSchema), v.maxLength(50)),
  nav: v.pipe(v.array(navItemSchema), v.maxLength(20)),
  /** Home cards; optional, so an older remote without any still validates. */
  cards: v.optional(v.pipe(v.array(homeCardSchema), v.maxLength(10))),
});
export type RemoteDescriptor = Infer<typeof remoteDescriptorSchema>;

/** Where the descriptor rides inside mf-manifest.json. */
export const MANIFEST_DESCRIPTOR_KEY = 'ssoDescriptor';

/** Where the build information rides inside mf-manifest.json. */
export const MANIFEST_BUILD_KEY = 'ssoBuild';

/** Which build a manifest belongs to (written by rspack.base.ts; absent in older remotes). */
export const buildInfoSchema = v.object({
  /** The remote's package version. */
  version: text(1, 64),
  /** The pipeline's build id (or the build time in base 36 for a local build). */
  buildId: text(1, 128),
  /** ISO time of the build. */
  builtAt: text(1, 64),
});
export type BuildInfo = Infer<typeof buildInfoSchema>;

/** A file a manifest names, relative to its public path (a remote entry, a chunk, a stylesheet). */
const manifestFileSchema = text(0, 2048);
const manifestFileListSchema = v.optional(v.pipe(v.array(manifestFileSchema), v.maxLength(1000)));
const manifestFilesSchema = v.looseObject({ sync: manifestFileListSchema, async: manifestFileListSchema });

/** The code files of an exposed or shared module, as the manifest plugin lists them. */
export const manifestAssetsSchema = v.looseObject({
  js: v.optional(manifestFilesSchema),
  css: v.optional(manifestFilesSchema),
});
export type ManifestAssets = Infer<typeof manifestAssetsSchema>;

/**
 * A shared module as the manifest plugin lists it: the remote's build needs `requiredVersion` of it
 * from whoever provides the singleton (the host).
 */
export const manifestSharedSchema = v.looseObject({
  name: text(1, 214),
  version: v.optional(text(0, 64)),
  requiredVersion: v.optional(text(0, 64)),
  assets: v.optional(manifestAssetsSchema),
});
export type ManifestShared = Infer<typeof manifestSharedSchema>;

/** The part of mf-manifest.json the host reads. */
export const manifestSchema = v.object({
  name: v.string(),
  metaData: v.looseObject({
    publicPath: v.optional(v.string()),
    /** The container script: `path` and `name`, below the public path. */
    remoteEntry: v.optional(v.looseObject({ name: text(1, 2048), path: v.optional(manifestFileSchema) })),
    [MANIFEST_DESCRIPTOR_KEY]: remoteDescriptorSchema,
    [MANIFEST_BUILD_KEY]: v.optional(buildInfoSchema),
  }),
  /** Optional: an older or hand-written manifest without it still loads. */
  shared: v.optional(v.pipe(v.array(manifestSharedSchema), v.maxLength(200))),
  /** The exposed modules and their files (the host checks where each would load from). */
  exposes: v.optional(
    v.pipe(
      v.array(v.looseObject({ name: text(0, 200), assets: v.optional(manifestAssetsSchema) })),
      v.maxLength(200),
    ),
  ),
});

export type Manifest = Infer<typeof manifestSchema>;

/** Runtime registry of remotes: adding a remote is one entry here, no host rebuild. */
export const remoteEntrySchema = v.object({
  name: v.pipe(v.string(), v.regex(/^[a-z][a-z0-9_]*$/)),
  entry: httpUrl,
});
export type RemoteEntry = Infer<typeof remoteEntrySchema>;

export const runtimeConfigSchema = v.object({
  apiBaseUrl: httpUrl,
  remotes: v.pipe(v.array(remoteEntrySchema), v.maxLength(30)),
  /** Product name used in texts such as the delete dialog body. */
  productName: v.optional(text(1, 80), 'SSO Admin Panel'),
});
export type RuntimeConfig = Infer<typeof runtimeConfigSchema>;
