export declare const HASHED: RegExp;
export declare const IMMUTABLE: string;
export declare const REVALIDATE: string;
export declare function cacheControlFor(pathname: string): string;
export declare const STATIC_HEADERS: Record<string, string>;
