export declare const POSTGRES_PORT: number;
export interface Cluster {
  /** DATABASE_URL of the database, over the cluster's socket. */
  url: string;
  stop(): void;
}
export declare function startCluster(options: { dir: string; database: string; port?: number }): Cluster;
export declare function shownUrl(url: string): string;
