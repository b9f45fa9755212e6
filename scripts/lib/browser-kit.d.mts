import type { Browser, Page } from '@playwright/test';
import type { Session } from './sso-session.mts';

export declare const CHROMIUM_PATH: string;
export declare const chromiumArgs: string[];
export declare function launchChromium(): Promise<Browser>;
export declare function demoAdminSession(
  apiBase: string,
  hostOrigin: string,
  nik?: string,
  password?: string,
): Promise<Session>;
export declare function addSessionInitScript(page: Page, session: Session): Promise<void>;
