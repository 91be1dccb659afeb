export declare function startDemoProviders(
  env: Record<string, string | undefined>,
): Promise<{ banner: string; close(): Promise<unknown> }>;
