export declare function buildIfStale(options?: { quiet?: boolean }): void;
/** The service's bundle is current: tests may start it rather than compile its source again at every start. */
export declare function serverBuildIsCurrent(): boolean;
