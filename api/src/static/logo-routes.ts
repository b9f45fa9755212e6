import type { FastifyReply } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { LOGO_PATH_PREFIX } from '@sso/shared/contract';
import type { AppContext } from '../context';
import { notFound } from '../http/errors';
import { publicAccess, routeFor, routeTable } from '../http/route';
import { readUploadedLogo } from '../applications/logo-store';
import { sanitizeSvg } from '../applications/svg-sanitize';
import { logoSvg } from './logo-svg';

/**
 * Every logo's headers (ADR 0007 "Logos cannot act"): opened on its own, an SVG runs nothing,
 * submits no form, cannot be framed and is sandboxed; it is shown inline with its sniffed type.
 */
export const LOGO_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'none'; frame-ancestors 'none'; sandbox";

const paramsSchema = z.object({ file: z.string() });
/** The file named in the path (anything else reads as no file: the 404 below). */
const fileParams = (raw: unknown) => ({ file: paramsSchema.safeParse(raw).data?.file ?? '' });
const FILE = /^(company|app)-([0-9]{1,9})\.svg$/;

interface LogoEnv {
  ctx: AppContext;
  drawingOf(file: string, bytes: Buffer): Buffer;
}

/** Every logo's headers (the type aside). */
const logoHeaders = (reply: FastifyReply, type: string) =>
  reply
    .header('content-type', type)
    .header('content-disposition', 'inline')
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'public, max-age=86400')
    .header('cross-origin-resource-policy', 'cross-origin')
    .header('content-security-policy', LOGO_CSP);

// The companies and applications are the administration side's tables (the `sql` tag, ADR 0026).
const nameOf = async (ctx: AppContext, kind: string | undefined, file: string) => {
  const { rows } = await (
    kind === 'company'
      ? sql<{ name: string; id: number }>`SELECT nama AS name, id FROM companies WHERE logo_file = ${file}`
      : sql<{ name: string; id: number }>`SELECT name, id FROM applications WHERE logo_file = ${file}`
  ).execute(ctx.store.db);
  return rows[0];
};

export const logoRoutes = routeTable({
  setup: (ctx: AppContext): LogoEnv => {
    // A stored SVG passes the sanitiser again (one stored before the rule cannot act either), once.
    const drawings = new Map<string, Buffer>();
    const drawingOf = (file: string, bytes: Buffer) => {
      let drawing = drawings.get(file);
      if (!drawing) {
        drawing = Buffer.from(sanitizeSvg(bytes.toString('utf8')).svg, 'utf8');
        if (drawings.size >= 500) drawings.clear();
        drawings.set(file, drawing);
      }
      return drawing;
    };
    return { ctx, drawingOf };
  },
  routes: [
    routeFor<LogoEnv>()({
      method: 'GET',
      path: `${LOGO_PATH_PREFIX}/:file`,
      access: publicAccess,
      params: fileParams,
      handler: async ({ params: { file }, reply }, { ctx, drawingOf }) => {
        const uploaded = await readUploadedLogo(ctx.store.db, file);
        if (uploaded) {
          return logoHeaders(reply, uploaded.mime).send(
            uploaded.mime === 'image/svg+xml' ? drawingOf(file, uploaded.bytes) : uploaded.bytes,
          );
        }
        const match = FILE.exec(file);
        const row = match ? await nameOf(ctx, match[1], file) : undefined;
        if (!row) throw notFound('Logo tidak ditemukan');
        return logoHeaders(reply, 'image/svg+xml; charset=utf-8').send(
          logoSvg(row.name, row.id + (match?.[1] === 'app' ? 3 : 0)),
        );
      },
    }),
  ],
});
