export declare function buildIfStale(options?: { quiet?: boolean }): void;
