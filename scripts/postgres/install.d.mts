export declare function postgresBin(): string | null;
export declare function ensurePostgres(): void;
