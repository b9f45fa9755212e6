import type { FastifyInstance } from 'fastify';
import { sqliteCodeOf } from '../ops/store-health';
import { HttpError } from './errors';

/** Messages for Fastify's own client errors (bad JSON, too large, wrong content type, ...). */
const frameworkMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Format JSON tidak valid',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Format JSON tidak valid',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Ukuran data terlalu besar',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Tipe konten tidak didukung, gunakan application/json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Panjang konten tidak valid',
  FST_ERR_VALIDATION: 'Data permintaan tidak valid',
  FST_ERR_MAX_PARAM_LENGTH: 'Alamat terlalu panjang',
  FST_ERR_BAD_URL: 'Alamat tidak valid',
};

function statusOf(error: Error): number | undefined {
  return 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : undefined;
}

function codeOf(error: Error): string | undefined {
  return 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

/** Envelope of an error the router raises before any route runs (bad URL, over-long segment). */
export function frameworkErrorBody(error: Error): { status: number; body: { message: string } } {
  const status = statusOf(error) ?? 400;
  const code = codeOf(error);
  return { status, body: { message: (code && frameworkMessages[code]) ?? 'Permintaan tidak valid' } };
}

/**
 * Every failure leaves as the envelope `{ message, errors?, code?, window_seconds? }`:
 * our HttpErrors as they are, client errors of the framework with an Indonesian message,
 * malformed JSON as 400, and only a real bug as 500 (logged, without request data).
 */
export function installErrorHandling(
  app: FastifyInstance,
  storeFault: (error: unknown) => HttpError | null = () => null,
): void {
  app.setErrorHandler<Error>((error, request, reply) => {
    if (error instanceof HttpError)
      return reply.status(error.statusCode).headers(error.headers).send(error.body);
    // A full or read-only disk (ops/store-health.ts): 503 with Retry-After, logged once per fault.
    const unavailable = storeFault(error);
    if (unavailable) return reply.status(503).headers(unavailable.headers).send(unavailable.body);
    if (sqliteCodeOf(error)?.startsWith('SQLITE_CONSTRAINT')) {
      return reply.status(409).send({ message: 'Data bertentangan dengan data yang sudah ada' });
    }
    const status = statusOf(error);
    const code = codeOf(error);
    if (error instanceof SyntaxError) return reply.status(400).send({ message: 'Format JSON tidak valid' });
    if (status !== undefined && status >= 400 && status < 500) {
      return reply
        .status(status)
        .send({ message: (code && frameworkMessages[code]) ?? 'Permintaan tidak valid' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Terjadi kesalahan pada server' });
  });

  app.setNotFoundHandler((_request, reply) =>
    reply.status(404).send({ message: 'Endpoint tidak ditemukan' }),
  );
}

/**
 * The api speaks JSON only. application/json with an empty body counts as no body (a DELETE sent with the JSON content type
 * by a generic client); anything else goes through Fastify's safe parser (prototype poisoning → 400).
 */
export function installJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  // JSON only: a text/plain body is refused with 415 rather than parsed into a string.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body !== 'string' || body.trim() === '') {
      done(null, undefined);
      return;
    }
    // Answers through `done`; the promise its type allows carries nothing to wait for.
    void parse(request, body, done);
  });
}
