import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
  preValidationAsyncHookHandler,
} from 'fastify';
import type { z } from 'zod';
import {
  PANEL_ACTIONS,
  REFERENCE_DATA_ACCESS,
  type ActionRequirement,
  type PanelAction,
} from '@sso/shared/contract';
import type { AuthContext, BearerKind } from '../auth/session-store';
import type { AuditTarget, AdminRequestShape } from '../audit/audit-targets';
import type { SignInStep } from '../audit/sign-in-steps';
import type { AppContext } from '../context';
import { responseSchema } from './response-schema';
import { queryValidator, validate } from './validate';

/*
 * An api route is ONE declaration (ADR 0029): its method and path, what it reads (params, query and
 * body, parsed before the handler runs), the answer's schema, who may call it, and what Log Aktivitas
 * records of it. The admin access table, the describers by action and the sign-in steps recorded are
 * read off these declarations (api/src/routes.ts); nothing else lists routes.
 */

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
export type WriteMethod = Exclude<Method, 'GET'>;

/**
 * Actions of the api alone, each needing what a contract action needs: the panel asks that action's
 * question (its code, on every first screen, does not carry these names), while the audit log names
 * them apart. "Buat ulang secret" (issue 30) is an edit of the application.
 */
const API_ONLY_ACTIONS = {
  regenerateAppSecret: PANEL_ACTIONS.editApp,
  /** "Reset verifikasi dua langkah" (issue 31): an edit of the user's account. */
  resetUserTwoStep: PANEL_ACTIONS.editUser,
} as const satisfies Record<string, ActionRequirement>;
export type ApiOnlyAction = keyof typeof API_ONLY_ACTIONS;
const ADMIN_ACTIONS: Readonly<Record<PanelAction | ApiOnlyAction, ActionRequirement>> = {
  ...PANEL_ACTIONS,
  ...API_ONLY_ACTIONS,
};
export type AdminAction = PanelAction | ApiOnlyAction | 'readReference';

/** Who may call a route. */
export type RouteAccess =
  /** Anyone (the sign-in steps). */
  | { readonly kind: 'public' }
  /** A client on this machine only (the development outbox): anyone else gets the 404 of no such path. */
  | { readonly kind: 'thisMachine' }
  /** A live bearer of one of `tokens` (the login token, an app session's access token): else 401. */
  | { readonly kind: 'session'; readonly tokens: readonly BearerKind[] }
  /**
   * An admin action (DESIGN "Access control"): an app-1 access token (else 401) whose role's current
   * grants meet one of `requires` (else 403), checked on request before the body is read.
   */
  | {
      readonly kind: 'admin';
      readonly action: AdminAction;
      readonly requires: readonly ActionRequirement[];
    };
export type AdminAccess = Extract<RouteAccess, { kind: 'admin' }>;

export const publicAccess = { kind: 'public' } as const satisfies RouteAccess;
export const thisMachine = { kind: 'thisMachine' } as const satisfies RouteAccess;

/** A signed-in caller with a bearer of one of `tokens` (any app). */
export const session = (...tokens: BearerKind[]) =>
  ({ kind: 'session', tokens }) as const satisfies RouteAccess;

/**
 * The contract's action (PANEL_ACTIONS) or one of the api's own; `orAlso`: other actions whose
 * right will do as well (a logo is uploaded from the add form or the edit form).
 */
export const action = (name: PanelAction | ApiOnlyAction, ...orAlso: PanelAction[]): AdminAccess => ({
  kind: 'admin',
  action: name,
  requires: [ADMIN_ACTIONS[name], ...orAlso.map((other) => PANEL_ACTIONS[other])],
});

/** Reference data of the users and roles forms: readable from either list. */
export const referenceData: AdminAccess = {
  kind: 'admin',
  action: 'readReference',
  requires: REFERENCE_DATA_ACCESS,
};

/**
 * What Log Aktivitas records of an admin write: the target type whose describer reads the record
 * before and after (null: the event names the ids but no record fields), and the action when it is
 * not `<type>.<create|update|delete>`: a fixed one, or one per request with every variant listed.
 */
export interface AdminAudit {
  readonly kind: 'admin';
  readonly target: AuditTarget | null;
  readonly action?: string | SpecialAction;
}
export interface SpecialAction {
  readonly variants: readonly string[];
  of(request: AdminRequestShape): string;
}
export interface SignInAudit {
  readonly kind: 'signIn';
  readonly step: SignInStep;
}
export type RouteAudit = AdminAudit | SignInAudit;

/** An admin write recorded with `target`'s fields before → after (and its own action, if any). */
export const audited = (target: AuditTarget, special?: string | SpecialAction): AdminAudit => ({
  kind: 'admin',
  target,
  ...(special === undefined ? {} : { action: special }),
});

/** An admin write recorded without any record's fields (actor, action, ids, result, address). */
export const auditedWithoutFields = (special?: string | SpecialAction): AdminAudit => ({
  kind: 'admin',
  target: null,
  ...(special === undefined ? {} : { action: special }),
});

/** A sign-in step recorded (spec 4 "Login chain", "Forgot password"). */
export const signInStep = (step: SignInStep): SignInAudit => ({ kind: 'signIn', step });

type Output<S> = S extends z.ZodType ? Readonly<z.output<S>> : undefined;

/** What a handler receives: the parsed inputs, the caller (when the route has one) and Fastify's request. */
export type RouteInput<P, Q, B, A extends RouteAccess> = {
  params: P;
  query: Output<Q>;
  body: Output<B>;
  request: FastifyRequest;
  reply: FastifyReply;
} & (A extends { kind: 'session' | 'admin' } ? { auth: AuthContext } : unknown);

/** An admin write must say what it records (`audit`); anything else records nothing or a sign-in step. */
type AuditOf<M extends Method, A extends RouteAccess> = A extends AdminAccess
  ? M extends WriteMethod
    ? { audit: AdminAudit }
    : { audit?: never }
  : { audit?: SignInAudit };

export type RouteSpec<E, M extends Method, A extends RouteAccess, P, Q, B> = {
  method: M;
  /** Path under the api prefix as registered (`:id` for the id segment): the contract's paths. */
  path: string;
  access: A;
  /** Path parameters: a parser throwing the route's own error (an unknown id is its 404). */
  params?: (raw: unknown) => P;
  /** The query string, parsed by the contract's schema (422 envelope; repeated queries remembered). */
  query?: Q;
  /** The body, parsed by the contract's schema (422 envelope; a missing body reads as `{}`). */
  body?: B;
  /** Body fields whose failure alone answers 400 instead of 422 (the OTP codes). */
  badRequestFields?: readonly string[];
  /** The 200 answer's schema: the answer is serialized by a compiled serializer (responseSchema). */
  response?: z.ZodType;
  bodyLimit?: number;
  handler(input: RouteInput<P, Q, B, A>, env: E): Promise<unknown>;
} & AuditOf<M, A>;

/** What the registration hands a handler, before the declaration's types are applied. */
interface ParsedInput {
  params: unknown;
  query: unknown;
  body: unknown;
  request: FastifyRequest;
  reply: FastifyReply;
  auth?: AuthContext | null;
}

/** A declared route, as the registration and the derived tables read it. */
export interface Route<E = never> {
  readonly method: Method;
  readonly path: string;
  readonly access: RouteAccess;
  readonly audit?: RouteAudit;
  readonly params?: (raw: unknown) => unknown;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly badRequestFields?: readonly string[];
  readonly response?: z.ZodType;
  readonly bodyLimit?: number;
  /** Declared as a method: each route's typed handler stands in for this erased one. */
  handler(input: ParsedInput, env: E): Promise<unknown>;
}

/**
 * The declaration function of routes whose handlers share `E` (a domain's services, built once per
 * app by its table's `setup`).
 */
export const routeFor =
  <E>() =>
  <
    M extends Method,
    A extends RouteAccess,
    P = undefined,
    Q extends z.ZodType | undefined = undefined,
    B extends z.ZodType | undefined = undefined,
  >(
    spec: RouteSpec<E, M, A, P, Q, B>,
  ): Route<E> =>
    spec;

/** The declaration function of routes whose handlers take the app's context (most tables). */
export const route = routeFor<AppContext>();

/** A domain's routes: their shared services (`setup`) and what the domain installs on its scope. */
export interface RouteTable {
  readonly routes: readonly Route<unknown>[];
  /** Registers the routes on `scope` (their hooks, parsing and handler), with the domain's setup. */
  register(scope: FastifyInstance, ctx: AppContext, hooks: AccessHooks): void;
}

/** The access checks the registration binds per route (admin-access.ts, auth/guard.ts). */
export interface AccessHooks {
  thisMachine: onRequestAsyncHookHandler;
  session(tokens: readonly BearerKind[]): onRequestAsyncHookHandler;
  admin(access: AdminAccess): onRequestAsyncHookHandler;
  /** Admin writes: refuses format controls in the body (preValidation). */
  adminBody: preValidationAsyncHookHandler;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's declaration, bound when it is registered. */
    route?: Route<unknown>;
  }
}

/** A table's routes with what their handlers share, built once per app from its context and scope. */
export interface RoutesWithSetup<E> {
  setup(ctx: AppContext, scope: FastifyInstance): E;
  routes: readonly Route<E>[];
}

/**
 * A domain's table: its routes, declared with `route` when their handlers take the app's context;
 * or, when they share services of their own, `{ setup, routes }` (routes declared with `routeFor<E>()`).
 */
export function routeTable(routes: readonly Route<AppContext>[]): RouteTable;
export function routeTable<E>(table: RoutesWithSetup<E>): RouteTable;
export function routeTable<E>(table: readonly Route<AppContext>[] | RoutesWithSetup<E>): RouteTable {
  const { setup, routes }: RoutesWithSetup<unknown> = isRouteList(table)
    ? { setup: (ctx) => ctx, routes: table }
    : table;
  return {
    routes,
    register(scope, ctx, hooks) {
      const env = setup(ctx, scope);
      for (const declared of routes) registerRoute(scope, declared, env, hooks);
    },
  };
}

const isRouteList = <E>(
  table: readonly Route<AppContext>[] | RoutesWithSetup<E>,
): table is readonly Route<AppContext>[] => Array.isArray(table);

/**
 * Makes `scope` a scope of declared routes: a route registered there any other way (`scope.get`)
 * stops the api at start. HEAD routes Fastify adds for GET ones carry their GET's declaration.
 */
export function installDeclaredScope(scope: FastifyInstance): void {
  scope.addHook('onRoute', (options) => {
    if (options.config?.route === undefined) {
      const methods = Array.isArray(options.method) ? options.method.join(',') : options.method;
      throw new Error(`route ${methods} ${options.url} is not declared (http/route.ts)`);
    }
  });
}

/** A write route of the admin scope without its audit declaration: the api does not start. */
export function assertDeclared(route: Route<unknown>): void {
  const where = `${route.method} ${route.path}`;
  if (route.access.kind === 'admin' && route.method !== 'GET' && route.audit?.kind !== 'admin') {
    throw new Error(`admin write ${where} declares no audit (a describer, or auditedWithoutFields)`);
  }
  if (route.audit?.kind === 'admin' && (route.access.kind !== 'admin' || route.method === 'GET')) {
    throw new Error(`${where} declares an admin audit but is no admin write`);
  }
}

function registerRoute(
  scope: FastifyInstance,
  route: Route<unknown>,
  env: unknown,
  hooks: AccessHooks,
): void {
  assertDeclared(route);
  const { access } = route;
  const onRequest =
    access.kind === 'admin'
      ? hooks.admin(access)
      : access.kind === 'session'
        ? hooks.session(access.tokens)
        : access.kind === 'thisMachine'
          ? hooks.thisMachine
          : undefined;
  const queryOf = route.query ? queryValidator(route.query) : undefined;
  const validateOptions = route.badRequestFields ? { badRequestFields: route.badRequestFields } : {};
  scope.route({
    method: route.method,
    url: route.path,
    config: { route },
    ...(onRequest ? { onRequest } : {}),
    ...(access.kind === 'admin' ? { preValidation: hooks.adminBody } : {}),
    ...(route.response ? { schema: responseSchema(route.response) } : {}),
    ...(route.bodyLimit === undefined ? {} : { bodyLimit: route.bodyLimit }),
    handler: async (request, reply) => {
      // Parsed in this order before the handler runs: the path's id (its 404), the query, the body.
      const params = route.params ? route.params(request.params) : undefined;
      const query = queryOf ? queryOf(request.query, request.url) : undefined;
      const body = route.body ? validate(route.body, request.body, validateOptions) : undefined;
      const input = { params, query, body, request, reply, auth: request.auth };
      return route.handler(input, env);
    },
  });
}
