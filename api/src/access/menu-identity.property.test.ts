/**
 * Access by identity (issue 36, finding 1), property-based: random menu trees with random names
 * (the panel's own menu names among them, in any script of letter case and spacing) written through
 * App Management by random actors, to new applications, to the one just made and to app 1. Whatever
 * the writes answer, no actor's panel grants (read by key from api/me) and no answer of the panel's
 * admin routes change: no name gives a grant the role did not give, and app 1's tree stays as seeded.
 */
import fc from 'fast-check';
import {
  PANEL_MENU,
  applicationDetailResponseSchema,
  auditPaths,
  meResponseSchema,
  paths,
} from '@sso/shared/contract';
import {
  appManagementOnly,
  applicationDetail,
  payloadOf,
  treeOf,
  type MenuTree,
} from '../test-support/app-menus';
import { ADMIN, MODIFIER, VIEWER, call, expectOk, openSession } from '../test-support/http';
import { createTestApp } from '../test-support/test-app';

const PANEL_NAMES = Object.values(PANEL_MENU);
const nameArb = fc.oneof(
  fc.constantFrom(...PANEL_NAMES),
  fc.constantFrom(...PANEL_NAMES).map((name) => name.toUpperCase()),
  fc.constantFrom(...PANEL_NAMES).map((name) => ` ${name.toLowerCase()} `),
  fc.stringMatching(/^[A-Za-z][A-Za-z ]{0,18}[A-Za-z]$/),
);
const treeArb: fc.Arbitrary<MenuTree> = fc
  .array(
    fc.record({
      name: nameArb,
      children: fc.array(fc.record({ name: nameArb }), { maxLength: 4 }),
    }),
    { minLength: 1, maxLength: 4 },
  )
  .map((menus) => menus.map((menu) => ({ ...menu, children: menu.children })));

type Command =
  | { kind: 'createApp'; actor: number; tree: MenuTree }
  | { kind: 'editLastApp'; actor: number; tree: MenuTree }
  | { kind: 'addToPanel'; actor: number; under: number; name: string }
  | { kind: 'renameInPanel'; actor: number; menu: number; name: string };

const actorArb = fc.integer({ min: 0, max: 3 });
const commandArb: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constant('createApp' as const), actor: actorArb, tree: treeArb }),
  fc.record({ kind: fc.constant('editLastApp' as const), actor: actorArb, tree: treeArb }),
  fc.record({
    kind: fc.constant('addToPanel' as const),
    actor: actorArb,
    under: fc.nat(),
    name: nameArb,
  }),
  fc.record({ kind: fc.constant('renameInPanel' as const), actor: actorArb, menu: fc.nat(), name: nameArb }),
);

/** The admin routes whose answer tells what a role may reach in the panel. */
const PROBES = [
  paths.users.list,
  paths.roles.list,
  paths.applications.list,
  auditPaths.list,
  paths.reference.colors,
] as const;

it('no menu tree, under any name, gives a role a panel grant it did not give', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(commandArb, { minLength: 1, maxLength: 8 }), async (commands) => {
      const run = await createTestApp();
      try {
        const admin = (await openSession(run.app, ADMIN)).accessToken;
        // A role owning App Management only (the probe's second road), and its member.
        const { panel, account: member } = await appManagementOnly(run.app, admin);
        const tokens = [
          admin,
          (await openSession(run.app, MODIFIER)).accessToken,
          (await openSession(run.app, VIEWER)).accessToken,
          (await openSession(run.app, member)).accessToken,
        ];

        /** What each actor may reach: its panel grants by key and the answers of the probes. */
        const reach = async () =>
          Promise.all(
            tokens.map(async (token) => {
              const me = expectOk(
                await call(run.app, 'GET', paths.session.me, { token }),
                meResponseSchema,
              ).data;
              const grants = me.user_menu
                .filter((app) => app.apps_id === 1)
                .flatMap((app) => app.menus.flatMap((m) => [m, ...m.children]))
                .filter((m) => m.key)
                .map((m) => `${m.key}:${m.acces_level}`)
                .sort();
              const answers = await Promise.all(
                PROBES.map(async (path) => (await call(run.app, 'GET', path, { token })).statusCode),
              );
              return { grants, answers };
            }),
          );
        const before = await reach();
        let lastApp: number | undefined;

        for (const command of commands) {
          const token = tokens[command.actor] ?? admin;
          if (command.kind === 'createApp') {
            const reply = await call(run.app, 'POST', paths.applications.create, {
              token,
              body: {
                name: `Aplikasi ${Math.random().toString(36).slice(2, 10)}`,
                descriptions: null,
                url: 'http://uji.localhost',
                menus: command.tree,
              },
            });
            if (reply.statusCode === 201)
              lastApp = applicationDetailResponseSchema.parse(reply.json()).data.id;
          } else if (command.kind === 'editLastApp' && lastApp !== undefined) {
            const current = await applicationDetail(run.app, admin, lastApp);
            await call(run.app, 'PATCH', paths.applications.update(lastApp), {
              token,
              body: payloadOf(current, [...treeOf(current), ...command.tree]),
            });
          } else if (command.kind === 'addToPanel' || command.kind === 'renameInPanel') {
            const tree = treeOf(panel);
            if (command.kind === 'addToPanel') {
              const parent = tree[command.under % tree.length];
              if (parent) parent.children.push({ name: command.name });
            } else {
              const all = tree.flatMap((menu) => [menu, ...menu.children]);
              const target = all[command.menu % all.length];
              if (target) target.name = command.name;
            }
            const reply = await call(run.app, 'PATCH', paths.applications.update(1), {
              token,
              body: payloadOf(panel, tree),
            });
            // A rename to the very same name is no change; anything else is refused.
            if (reply.statusCode === 200) expect(tree).toEqual(treeOf(panel));
          }
          expect(await reach()).toEqual(before);
        }
        const after = await applicationDetail(run.app, admin, 1);
        expect(after.menus).toEqual(panel.menus);
      } finally {
        await run.close();
      }
    }),
    // A failure prints its seed and path: replay with `{ seed, path, endOnFailure: true }` here.
    { numRuns: 12 },
  );
}, 180_000);
