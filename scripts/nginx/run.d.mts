import type { ChildProcess } from 'node:child_process';
import type { NginxOptions } from './config.mjs';

export interface RunningNginx {
  child: ChildProcess;
  exited: Promise<number | null>;
  reload(): Promise<void>;
  stop(): Promise<void>;
}
export declare const NGINX: string;
export declare function nginxInstalled(): boolean;
export declare function ensureNginx(): void;
export declare function workerUser(folder: string): string | undefined;
/** Whether every folder on the way to `folder` lets others through, and `folder` lets them read. */
export declare function readableByAll(folder: string): boolean;
export declare function writeConfig(prefix: string, options: NginxOptions): string;
export declare function testConfig(prefix: string): string;
export declare function signalReload(prefix: string): boolean;
export declare function startNginx(options: { prefix: string; ports: number[] }): Promise<RunningNginx>;
