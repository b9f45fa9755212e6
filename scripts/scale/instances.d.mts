import type { ChildProcess } from 'node:child_process';

export declare const POLL_MS: number;
export declare const PASSIVE_CHECK: { fails: number; timeout: string };
export declare function instanceUrl(apiPort: number, index: number): string;
export interface Instance {
  name: string;
  port: number;
  url: string;
  child: ChildProcess;
  exited: Promise<number | string | null>;
}
export declare function startInstance(options: {
  apiDir: string;
  port: number;
  env: Record<string, string>;
  name: string;
}): Instance;
export declare function isReady(url: string, timeoutMs?: number): Promise<boolean>;
export declare function waitReady(urls: string[], timeoutMs?: number, alive?: () => boolean): Promise<void>;
export declare function superviseReadiness(options: {
  urls: string[];
  apply: (down: string[]) => Promise<void>;
  pollMs?: number;
  log?: (line: string) => void;
}): { stop(): void };
