import type { Page } from 'playwright-core';

export declare function signInAs(page: Page, userId: string, password: string): Promise<void>;
export declare function setNewPin(page: Page, pin: string, nextCode: string): Promise<void>;
export declare function signInAtProvider(page: Page, user: string, password: string): Promise<void>;
export declare function virtualAuthenticator(page: Page): Promise<void>;
