export declare const PAGE_HEADERS: string[];
export declare function nodeServerHeaders(dir: string, pathname: string): Promise<Record<string, string>>;
