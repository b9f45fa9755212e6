import type { FastifyInstance } from 'fastify';
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
import { authOf } from '../auth/guard';
import { listOf, ok } from '../http/reply';
import { idParam } from '../http/route-params';
import { queryValidator, validate } from '../http/validate';
import { createAccessMap } from './access-map';
import { actorScopeOf, USER_NOT_FOUND } from './admin-scope';

const levelText = (level: 1 | 2 | 3 | null) => (level === null ? 'Tanpa menu' : accessMapLevelLabel[level]);

const PLACE_HEADER = ['NIK', 'Nama', 'Status', 'AP', 'Role', 'Level', 'Tempat'];
const PERSON_HEADER = ['NIK', 'Nama', 'Aplikasi', 'Menu', 'Sub-menu', 'Level', 'Role'];

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Peta Akses (issue 32, ADR 0025), read only: the filters, both directions and their CSVs. Every
 * answer is within the reader's administration scope (admin-scope.ts); the CSVs use the one writer
 * of the users and audit exports (BOM, RFC 4180 quoting, formula cells neutralised).
 */
export function registerAccessMapRoutes(app: FastifyInstance, ctx: AppContext): void {
  const map = createAccessMap(ctx.store);
  const placeQuery = queryValidator(accessMapPlaceQuerySchema);
  const personQuery = queryValidator(accessMapPersonQuerySchema);
  const scopeOf = (request: Parameters<typeof authOf>[0]) => actorScopeOf(ctx.store, authOf(request).userId);

  app.get(accessMapPaths.options, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    return ok('Pilihan Peta Akses', await map.options(await scopeOf(request)));
  });

  app.get(accessMapPaths.byPlace, async (request, reply) => {
    const params = placeQuery(request.query, request.url);
    const { data, total } = await map.byPlace(await scopeOf(request), params);
    void reply.header('cache-control', 'no-store');
    return listOf('Peta Akses per tempat', data, total);
  });

  app.get(accessMapPaths.byPlaceExport, async (request, reply) => {
    const params = validate(accessMapPlaceQuerySchema, request.query);
    const { place, slices } = await map.byPlaceSlices(
      await scopeOf(request),
      params,
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
  });

  app.get(accessMapPaths.people, async (request, reply) => {
    const { keyword } = validate(accessMapPeopleQuerySchema, request.query);
    void reply.header('cache-control', 'no-store');
    return ok('Daftar user', await map.people(await scopeOf(request), keyword));
  });

  app.get(accessMapPaths.byPerson(':id'), async (request, reply) => {
    const id = idParam(request.params, USER_NOT_FOUND);
    const params = personQuery(request.query, request.url);
    const { user, data, total } = await map.byPerson(await scopeOf(request), id, params);
    void reply.header('cache-control', 'no-store');
    return { message: 'Peta Akses per orang', data, meta: { total, user } };
  });

  app.get(accessMapPaths.byPersonExport(':id'), async (request, reply) => {
    const id = idParam(request.params, USER_NOT_FOUND);
    const { page: _page, perPage: _perPage, ...params } = validate(accessMapPersonQuerySchema, request.query);
    const { user, data } = await map.byPerson(await scopeOf(request), id, params);
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
  });
}
