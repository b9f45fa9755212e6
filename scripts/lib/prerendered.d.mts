export declare const PRERENDER_REMOTE: string;
export declare const PRERENDER_INCLUDE: string;
export declare const PRERENDERABLE_PATH: RegExp;
export declare const PRODUCT_NAME_SLOT: string;
export declare const PRERENDER_TIMEOUT_MS: number;
export declare const INLINE_CONFIG_INCLUDE: string;
export declare const INLINE_MANIFEST_INCLUDE: string;
export declare const INLINE_ENTRY_VARIABLE: string;
export declare const INLINE_ENTRY_ECHO: string;
export declare const INLINE_DATA: string;
interface PrerenderConfig {
  productName?: unknown;
  remotes?: { name?: string; entry?: string }[];
}
export declare function escapeHtml(text: string): string;
export declare function productNameHtml(config: PrerenderConfig): string;
export declare function prerenderBase(config: PrerenderConfig): URL | null;
export declare function fragmentDocument(route: string, html: string, css: string): string;
export declare function includePrerendered(
  page: string,
  fragment: string | null,
  config: PrerenderConfig,
): string;
export declare function fetchPrerendered(config: PrerenderConfig, pathname: string): Promise<string | null>;
export declare function usedCss(css: string, html: string): string;
export declare function inlineJson(text: string): string;
export declare function ssiEcho(text: string): string;
export declare function inlineManifestUrl(config: PrerenderConfig): URL | null;
export declare function fetchInlineManifest(config: PrerenderConfig): Promise<string>;
export declare function includeInlineData(
  page: string,
  configText: string,
  manifestText: string,
  config: PrerenderConfig,
): string;
