export declare const KEEP: number;
export declare function releasePaths(
  releasesDir: string,
  app: string,
): { base: string; current: string; chunks: string };
export declare function releaseHistory(releasesDir: string, app: string): string[];
export declare function currentRelease(releasesDir: string, app: string): string | null;
export declare function buildIdOf(folder: string, env?: Record<string, string | undefined>): string;
export declare function release(options: { releasesDir: string; app: string; from: string; keep?: number }): {
  id: string;
  previous: string | null;
  pruned: string[];
};
export declare function rollback(options: { releasesDir: string; app: string }): {
  id: string;
  previous: string;
};
