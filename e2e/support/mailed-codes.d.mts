export declare function mailedCodes(dataDir: string): string[];
export declare const otherThan: (code: string) => string;
