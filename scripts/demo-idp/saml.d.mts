import type { DemoUser } from './oidc.mjs';
export declare function keyAndCertificate(commonName: string): { key: string; cert: string };
export declare function startDemoSaml(options: {
  host?: string;
  publicHost?: string;
  port?: number;
  serviceProviders: { entityId: string; acsUrl: string; cert: string }[];
  users: DemoUser[];
}): Promise<{
  entityId: string;
  ssoUrl: string;
  cert: string;
  adjust: (values: Record<string, string>) => Record<string, string>;
  close(): Promise<void>;
}>;
