export declare const API_PORT: number;
export declare const apps: { dir: string; name: string; port: number; spa: boolean }[];
export declare const sharedExports: Record<string, string>;
