export interface Site {
  name: string;
  port: number;
  root: string;
  spa: boolean;
  headers: Record<string, string>;
  chunks?: string;
  configFile?: string;
  prerender?: PrerenderSource;
}
/** Where the host's page takes the auth remote's prerendered screens from (ADR 0016). */
export interface PrerenderSource {
  origin: string;
  path: string;
  productName: string;
}
export interface Proxy {
  name: string;
  port: number;
  /** The api's address, or each instance's when several run (one upstream group). */
  upstream: string | string[];
  /** Instances of `upstream` taken out of the round (`server … down`): their /ready is false. */
  down?: string[];
  /** nginx's passive check on every instance: `max_fails` and `fail_timeout` (e.g. `2s`). */
  passive?: { fails: number; timeout: string };
}
export interface NginxOptions {
  sites: Site[];
  proxies?: Proxy[];
  listen?: string;
  user?: string;
  modulePath?: string;
  mimeTypes?: string;
}
export declare const BROTLI_STATIC_MODULE: string;
export declare const MIME_TYPES: string;
export declare function quote(value: string): string;
export declare function quoteRegex(regex: RegExp): string;
export declare function nginxConfig(options: NginxOptions & { prefix: string }): string;
export declare function panelSites(options: {
  root: string;
  releasesDir: string;
  apps: { dir: string; name: string; port: number; spa: boolean }[];
  configFile?: string;
}): Site[];
export declare function prerenderSite(configFile: string): PrerenderSource | null;
