import {
  ACCESS_MAP_EXPORT_MAX_ROWS,
  accessMapLevelLabel,
  accessMapPaths,
  accessMapPeopleQuerySchema,
  accessMapPersonQuerySchema,
  accessMapPlaceQuerySchema,
} from '@sso/shared/contract';
import type { AppContext } from '../context';
import { csvLine, sendCsv } from '../audit/csv';
import { listOf, ok } from '../http/reply';
import { idParams } from '../http/route-params';
import { action, routeFor, routeTable } from '../http/route';
import { createAccessMap, type AccessMap } from './access-map';
import { actorScopeOf, USER_NOT_FOUND } from './admin-scope';

const levelText = (level: 1 | 2 | 3 | null) => (level === null ? 'Tanpa menu' : accessMapLevelLabel[level]);

const PLACE_HEADER = ['NIK', 'Nama', 'Status', 'AP', 'Role', 'Level', 'Tempat'];
const PERSON_HEADER = ['NIK', 'Nama', 'Aplikasi', 'Menu', 'Sub-menu', 'Level', 'Role'];

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

interface AccessMapEnv {
  ctx: AppContext;
  map: AccessMap;
}
const route = routeFor<AccessMapEnv>();
const userId = idParams(USER_NOT_FOUND);
const viewAccessMap = action('viewAccessMap');

/**
 * Peta Akses (issue 32, ADR 0025), read only: the filters, both directions and their CSVs. Every
 * answer is within the reader's administration scope (admin-scope.ts); the CSVs use the one writer
 * of the users and audit exports (BOM, RFC 4180 quoting, formula cells neutralised).
 */
export const accessMapRoutes = routeTable({
  setup: (ctx: AppContext): AccessMapEnv => ({ ctx, map: createAccessMap(ctx.store) }),
  routes: [
    route({
      method: 'GET',
      path: accessMapPaths.options,
      access: viewAccessMap,
      handler: async ({ auth, reply }, { ctx, map }) => {
        void reply.header('cache-control', 'no-store');
        return ok('Pilihan Peta Akses', await map.options(await actorScopeOf(ctx.store, auth.userId)));
      },
    }),
    route({
      method: 'GET',
      path: accessMapPaths.byPlace,
      access: viewAccessMap,
      query: accessMapPlaceQuerySchema,
      handler: async ({ query, auth, reply }, { ctx, map }) => {
        const { data, total } = await map.byPlace(await actorScopeOf(ctx.store, auth.userId), query);
        void reply.header('cache-control', 'no-store');
        return listOf('Peta Akses per tempat', data, total);
      },
    }),
    route({
      method: 'GET',
      path: accessMapPaths.byPlaceExport,
      access: viewAccessMap,
      query: accessMapPlaceQuerySchema,
      handler: async ({ query, auth, reply }, { ctx, map }) => {
        const { place, slices } = await map.byPlaceSlices(
          await actorScopeOf(ctx.store, auth.userId),
          query,
          ACCESS_MAP_EXPORT_MAX_ROWS,
        );
        return sendCsv(
          reply,
          `peta-akses-tempat-${day(ctx.clock())}.csv`,
          PLACE_HEADER,
          (async function* lines() {
            for await (const slice of slices) {
              yield slice
                .map((row) =>
                  csvLine([
                    row.nik,
                    row.nama,
                    row.is_active ? 'Aktif' : 'Nonaktif',
                    row.companies,
                    row.role_name,
                    levelText(row.level),
                    place,
                  ]),
                )
                .join('');
            }
          })(),
        );
      },
    }),
    route({
      method: 'GET',
      path: accessMapPaths.people,
      access: viewAccessMap,
      query: accessMapPeopleQuerySchema,
      handler: async ({ query: { keyword }, auth, reply }, { ctx, map }) => {
        void reply.header('cache-control', 'no-store');
        return ok('Daftar user', await map.people(await actorScopeOf(ctx.store, auth.userId), keyword));
      },
    }),
    route({
      method: 'GET',
      path: accessMapPaths.byPerson(':id'),
      access: viewAccessMap,
      params: userId,
      query: accessMapPersonQuerySchema,
      handler: async ({ params: { id }, query, auth, reply }, { ctx, map }) => {
        const { user, data, total } = await map.byPerson(
          await actorScopeOf(ctx.store, auth.userId),
          id,
          query,
        );
        void reply.header('cache-control', 'no-store');
        return { message: 'Peta Akses per orang', data, meta: { total, user } };
      },
    }),
    route({
      method: 'GET',
      path: accessMapPaths.byPersonExport(':id'),
      access: viewAccessMap,
      params: userId,
      query: accessMapPersonQuerySchema,
      handler: async ({ params: { id }, query, auth, reply }, { ctx, map }) => {
        const { page: _page, perPage: _perPage, ...params } = query;
        const { user, data } = await map.byPerson(await actorScopeOf(ctx.store, auth.userId), id, params);
        return sendCsv(
          reply,
          `peta-akses-${user.nik}-${day(ctx.clock())}.csv`,
          PERSON_HEADER,
          data.map((row) =>
            csvLine([
              user.nik,
              user.nama,
              row.app_name,
              row.parent_name ?? row.menu_name,
              row.parent_name === null ? null : row.menu_name,
              levelText(row.level),
              row.role_name,
            ]),
          ),
        );
      },
    }),
  ],
});
