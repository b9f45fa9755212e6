import type { Browser } from '@playwright/test';

export declare const CHROMIUM_PATH: string;
export declare const chromiumArgs: string[];
export declare function launchChromium(): Promise<Browser>;
export declare function demoAdminSession(
  apiBase: string,
  hostOrigin: string,
  nik?: string,
  password?: string,
): Promise<Record<string, unknown>>;
