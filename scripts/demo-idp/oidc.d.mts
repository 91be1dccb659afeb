export interface DemoOidcClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  postLogoutRedirectUri: string;
}
export interface DemoUser {
  userId: string;
  password: string;
  name?: string;
}
export declare function startDemoOidc(options: {
  host?: string;
  publicHost?: string;
  port?: number;
  clients: DemoOidcClient[];
  users: DemoUser[];
}): Promise<{ issuer: string; close(): Promise<void> }>;
