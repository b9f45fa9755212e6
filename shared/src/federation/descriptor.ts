import { z } from 'zod';

/**
 * A remote describes itself as data (DESIGN "Federation contract"): its routes and its sidebar items.
 * The static part rides in the remote's mf-manifest.json (`metaData.ssoDescriptor`), so the host
 * can build the router and the sidebar without executing any remote code. Page code is named by
 * its federated module (`module: './user-list'`) and loaded only when a route is visited.
 */
export const routeAccessSchema = z.enum(['public-only', 'protected']);
export type RouteAccess = z.infer<typeof routeAccessSchema>;

const pathSchema = z
  .string()
  .max(200)
  .regex(/^\/[a-z0-9\-/:]*$/i, 'path must start with / and hold only letters, digits, -, / and :');

const menuNameSchema = z.string().min(1).max(80);

/**
 * The menu grant a protected route needs (DESIGN "Access control"): a route above the user's level
 * shows the no-access page instead of loading its page.
 */
export const routeRequirementSchema = z.object({
  menu: menuNameSchema,
  capability: z.enum(['view', 'create', 'edit', 'delete']),
});
export type RouteRequirement = z.infer<typeof routeRequirementSchema>;

export const remoteRouteSchema = z.object({
  path: pathSchema,
  access: routeAccessSchema,
  requires: routeRequirementSchema.optional(),
  /** The exposed module holding the page, e.g. './user-list'. */
  module: z.string().regex(/^\.\/[a-z0-9-]+$/),
  /** Paths that select this route's sidebar item, besides the item's own path. */
  navPath: pathSchema.optional(),
});
export type RemoteRoute = z.infer<typeof remoteRouteSchema>;

export const navIconSchema = z.enum(['home', 'users', 'roles', 'apps', 'settings', 'generic']);
export type NavIcon = z.infer<typeof navIconSchema>;

export const navItemSchema = z.object({
  label: z.string().min(1).max(60),
  icon: navIconSchema,
  path: pathSchema,
  order: z.number().int().min(0).max(10_000),
  /** The app-1 menu whose grant shows this item; without it every user of the panel sees it. */
  menu: menuNameSchema.optional(),
});
export type NavItem = z.infer<typeof navItemSchema>;

export const remoteDescriptorSchema = z.object({
  /** Federation container name; must equal the registry entry's name. */
  name: z.string().regex(/^[a-z][a-z0-9_]*$/),
  routes: z.array(remoteRouteSchema).max(50),
  nav: z.array(navItemSchema).max(20),
});
export type RemoteDescriptor = z.infer<typeof remoteDescriptorSchema>;

/** Where the descriptor rides inside mf-manifest.json. */
export const MANIFEST_DESCRIPTOR_KEY = 'ssoDescriptor';

/** The part of mf-manifest.json the host reads. */
export const manifestSchema = z.object({
  name: z.string(),
  metaData: z
    .object({
      publicPath: z.string().optional(),
      [MANIFEST_DESCRIPTOR_KEY]: remoteDescriptorSchema,
    })
    .loose(),
});

/** Runtime registry of remotes: adding a remote is one entry here, no host rebuild. */
export const remoteEntrySchema = z.object({
  name: z.string().regex(/^[a-z][a-z0-9_]*$/),
  entry: z.url({ protocol: /^https?$/ }),
});
export type RemoteEntry = z.infer<typeof remoteEntrySchema>;

export const runtimeConfigSchema = z.object({
  apiBaseUrl: z.url({ protocol: /^https?$/ }),
  remotes: z.array(remoteEntrySchema).max(30),
  /** Product name used in texts such as the delete dialog body. */
  productName: z.string().min(1).max(80).default('SSO Admin Panel'),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
