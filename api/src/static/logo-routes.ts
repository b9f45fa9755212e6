import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { LOGO_PATH_PREFIX } from '@sso/shared/contract';
import type { AppContext } from '../context';
import { notFound } from '../http/errors';
import { readUploadedLogo } from '../applications/logo-store';
import { logoSvg } from './logo-svg';

const paramsSchema = z.object({ file: z.string() });
const FILE = /^(company|app)-([0-9]{1,9})\.svg$/;

/**
 * GET /static/logos/:file: generated logos, so the data never points at an external host, and
 * logos uploaded in App Management, served with the type sniffed at upload (an SVG cannot run
 * anything: its own CSP, and nosniff everywhere).
 */
export function registerLogoRoutes(app: FastifyInstance, ctx: AppContext): void {
  const companyName = ctx.db.prepare<[string], { name: string; id: number }>(
    'SELECT nama AS name, id FROM companies WHERE logo_file = ?',
  );
  const appName = ctx.db.prepare<[string], { name: string; id: number }>(
    'SELECT name, id FROM applications WHERE logo_file = ?',
  );

  app.get(`${LOGO_PATH_PREFIX}/:file`, async (request, reply) => {
    const file = paramsSchema.safeParse(request.params).data?.file ?? '';
    const uploaded = readUploadedLogo(ctx.db, file);
    if (uploaded) {
      return reply
        .header('content-type', uploaded.mime)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=86400')
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(uploaded.bytes);
    }
    const match = FILE.exec(file);
    const row = match ? (match[1] === 'company' ? companyName : appName).get(file) : undefined;
    if (!row) throw notFound('Logo tidak ditemukan');
    return reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(logoSvg(row.name, row.id + (match?.[1] === 'app' ? 3 : 0)));
  });
}
