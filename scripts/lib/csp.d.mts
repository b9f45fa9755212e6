export declare function inlineScripts(html: string): string[];
export declare function contentSecurityPolicy(
  config: { apiBaseUrl?: string; remotes?: { entry: string }[] },
  scripts: string[],
  options?: { dev?: boolean },
): string;
export declare function pageSecurityHeaders(
  config: { apiBaseUrl?: string; remotes?: { entry: string }[] },
  scripts: string[],
  options?: { dev?: boolean },
): Record<string, string>;
export declare function hostSecurityHeaders(dir: string, configFile?: string): Record<string, string>;
export declare function readConfig(text: string): { apiBaseUrl?: string; remotes?: { entry: string }[] };
