import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const apiDir = path.join(__dirname, '..', '..');

export interface BuiltApi {
  /** The database file the started api is given (DB_FILE). */
  readonly dbFile: string;
  /** The built entry (`dist/main.js`), once `beforeAll` has built it. */
  readonly main: string;
}

/**
 * The production build of the api for one test file: built once (esbuild, as `pnpm --filter
 * @sso/api build`) into a folder of its own inside the api folder, so the bundle's imports (fastify,
 * better-sqlite3…) resolve as in production; removed after the file.
 */
export function useBuiltApi(name: string): BuiltApi {
  const work = path.join(apiDir, '.tmp', `${name}-${process.pid}`);
  const built = { dbFile: path.join(work, 'api.sqlite'), main: path.join(work, 'dist', 'main.js') };
  beforeAll(() => {
    fs.rmSync(work, { recursive: true, force: true });
    execFileSync(process.execPath, [path.join(apiDir, 'build.mjs'), '--outdir', path.join(work, 'dist')], {
      stdio: 'pipe',
    });
  }, 60_000);
  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));
  return built;
}

/** A port nothing listens on now, for a process the test starts. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
