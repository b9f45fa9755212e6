import type http from 'node:http';

export function cacheControlFor(pathname: string): string;
export function serveStatic(options: {
  dir: string;
  port: number;
  host?: string;
  spa?: boolean;
  configFile?: string;
}): Promise<http.Server>;
export function closeServer(server: http.Server): Promise<void>;
export function appDir(app: string): string;
