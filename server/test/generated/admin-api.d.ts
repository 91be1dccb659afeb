// Generated from /admin/openapi.json by openapi-typescript (test/admin-openapi.test.ts); do not edit.
export interface paths {
    "/admin/v1/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List users in user ID order, filtered; `next` is the cursor of the following page */
        get: operations["listUsers"];
        put?: never;
        /** Create an active password user with a password or an imported password hash; with neither, a temporary password opens one sign-in */
        post: operations["createUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/users/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A user */
        get: operations["getUser"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change a user's name or e-mail address */
        patch: operations["changeUser"];
        trace?: never;
    };
    "/admin/v1/users/{userId}/security-question": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Set a user's security question and answer */
        put: operations["setSecurityQuestion"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/users/{userId}/deactivate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Make a user inactive and end their sessions at once */
        post: operations["deactivateUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/users/{userId}/reactivate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Make an inactive user active again (one deleted by provisioning too) */
        post: operations["reactivateUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/users/{userId}/unlock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Lift the lock of a locked user and clear their failed tries (409 if not locked) */
        post: operations["unlockUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/users/{userId}/expire-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Make the next sign-in of a user go to change password */
        post: operations["expirePassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/users/{userId}/temporary-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mail an active password user a temporary password to their own address (the forgotten-password page's mail): one sign-in until it expires; their own password still works; 409 for anyone else */
        post: operations["mailTemporaryPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/users/{userId}/sign-in-problems": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Why a user cannot sign in: each problem, since when, and what clears it */
        get: operations["getSignInProblems"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/users/{userId}/sign-ins": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A user's last sign-in tries, newest first: when, how, refused why, from which browser and address */
        get: operations["getSignIns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/users/{userId}/sign-in-methods": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** How a user signs in: password or token (held where, waiting for a new PIN), passkeys, recovery codes left, SSO links */
        get: operations["getSignInMethods"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/users/{userId}/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Give a user a new token, in new-PIN mode */
        post: operations["assignToken"];
        /** Take a user's token away (password sign-in again) */
        delete: operations["unassignToken"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/users/{userId}/token/at-server": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** The bank's token server (RADIUS) holds the user's token */
        put: operations["tokenAtServer"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/users/{userId}/token/reset-pin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Put a user's token back in new-PIN mode (409 without a token) */
        post: operations["resetPin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/users/{userId}/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A user's live sessions, newest first */
        get: operations["listSessions"];
        put?: never;
        post?: never;
        /** End all of a user's sessions */
        delete: operations["endSessions"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/users/{userId}/sessions/{sessionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** End one session of a user */
        delete: operations["endSession"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/users/{userId}/sso-links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The identity-provider subjects linked to a user */
        get: operations["listSsoLinks"];
        put?: never;
        /** Let the identity provider of the user's cobrand sign them in as this subject */
        post: operations["linkSso"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/users/{userId}/passkeys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A user's passkeys, oldest first: name, when made and last used, backup state */
        get: operations["listPasskeys"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/users/{userId}/passkeys/{passkeyId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove one passkey of a user: it signs nobody in from then on, and the user is told by mail */
        delete: operations["removePasskey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/users/{userId}/devices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The browsers a user trusts, the last used first: browser, system, first address, use, lock */
        get: operations["listTrustedDevices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/users/{userId}/devices/{deviceId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Forget one trusted browser of a user: its next sign-in is one from a new browser */
        delete: operations["forgetTrustedDevice"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Security events, oldest first (the last 24 hours unless `since`); `next` is the following page */
        get: operations["queryAudit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/audit/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every event the query selects, streamed as JSON lines (application/x-ndjson) or, with format=csv, CSV */
        get: operations["exportAudit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/cobrands": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The cobrands the key covers */
        get: operations["listCobrands"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/cobrands/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A cobrand's catalogue record */
        get: operations["getCobrand"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/cobrands/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Validate and load the deployment's catalogue folder; nothing is loaded when any record is bad (400, each problem listed) */
        post: operations["importCobrands"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/catalogue": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Validate the deployment's catalogue folder as an import would, loading nothing: its cobrands and problems */
        get: operations["checkCatalogue"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/operators": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The console's operators within the caller's cobrands */
        get: operations["listOperators"];
        put?: never;
        /** Add a console operator: their generated password and authenticator URI, shown once */
        post: operations["addOperator"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/operators/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove an operator: their sessions end at once */
        delete: operations["removeOperator"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/operators/{name}/unlock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Unlock an operator locked by six wrong sign-ins */
        post: operations["unlockOperator"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The admin API's keys within the caller's cobrands, revoked ones too */
        get: operations["listApiKeys"];
        put?: never;
        /** Make an API key: the key is shown this once */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/api-keys/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke an API key: refused at once on every instance */
        delete: operations["revokeApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/users/{userId}/approvals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ask for a change a second operator must approve (the caller is the console's operator) */
        post: operations["requestApproval"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/approvals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The changes waiting for a second operator, the oldest first */
        get: operations["listApprovals"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/approvals/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Approve a change another operator asked for: it is made at once, in the approver’s name */
        post: operations["approveApproval"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/approvals/{id}/decline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Decline a change (or, by the operator who asked, withdraw it): nothing changes */
        post: operations["declineApproval"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: never;
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listUsers: {
        parameters: {
            query?: {
                cobrand?: string;
                status?: "active" | "locked" | "inactive";
                loginType?: "password" | "token";
                email?: string;
                /** @description The start of the name, in any case, with or without accents; the page is in name order */
                name?: string;
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        users: {
                            userId: string;
                            email: string;
                            name: string | null;
                            cobrand: string;
                            status: "active" | "locked" | "inactive";
                            loginType: "password" | "token";
                            passwordState: "current" | "expired" | "temporary";
                            securityQuestion: string | null;
                            failedAttempts: number;
                            lockedAt: string | null;
                            lastSignInAt: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            externalId: string | null;
                            deletedAt: string | null;
                        }[];
                        /** @description The cursor of the next page; null on the last */
                        next: string | null;
                    };
                };
            };
            /** @description A value the call does not take (code invalid, required or too.long; `field` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No key in use: missing, malformed, unknown or revoked alike (code unauthenticated) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description The key does not carry the scope the call needs (code forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No such user (or one of a cobrand the key does not cover) (code not.found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Too many calls with this key (code throttled) */
            429: {
                headers: {
                    /** @description Seconds until the key may call again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Refused, in the error shape */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description A failure of the service, in the error shape (503: the database is away) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
        };
    };
    createUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    userId: string;
                    email: string;
                    cobrand: string;
                    name?: string;
                    password?: string;
                    /** @description In place of `password`, never with it: the hash the old directory holds (PHC argon2, scrypt, pbkdf2-sha256 or -sha512; bcrypt $2a$, $2b$, $2y$; {SSHA}, {SSHA256}, {SSHA512}, {PBKDF2-SHA256}). Its cost is held to about twice the portal's argon2id (docs/decisions.md, "Imported password hashes"), and a cobrand holds at most four cost classes: above either, 400 naming the limit. The first right password re-hashes it to argon2id. */
                    passwordHash?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: {
                            userId: string;
                            email: string;
                            name: string | null;
                            cobrand: string;
                            status: "active" | "locked" | "inactive";
                            loginType: "password" | "token";
                            passwordState: "current" | "expired" | "temporary";
                            securityQuestion: string | null;
                            failedAttempts: number;
                            lockedAt: string | null;
                            lastSignInAt: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            externalId: string | null;
                            deletedAt: string | null;
                        };
                        /** @description Without a password in the call: the temporary password, shown this once; it opens one sign-in. */
                        temporaryPassword: string | null;
                    };
                };
            };
            /** @description A value the call does not take (code invalid, required or too.long; `field` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No key in use: missing, malformed, unknown or revoked alike (code unauthenticated) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description The key does not carry the scope the call needs (code forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No such user (or one of a cobrand the key does not cover) (code not.found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Too many calls with this key (code throttled) */
            429: {
                headers: {
                    /** @description Seconds until the key may call again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Refused, in the error shape */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description A failure of the service, in the error shape (503: the database is away) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
        };
    };
    getUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        userId: string;
                        email: string;
                        name: string | null;
                        cobrand: string;
                        status: "active" | "locked" | "inactive";
                        loginType: "password" | "token";
                        passwordState: "current" | "expired" | "temporary";
                        securityQuestion: string | null;
                        failedAttempts: number;
                        lockedAt: string | null;
                        lastSignInAt: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                        externalId: string | null;
                        deletedAt: string | null;
                    };
                };
            };
            /** @description A value the call does not take (code invalid, required or too.long; `field` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No key in use: missing, malformed, unknown or revoked alike (code unauthenticated) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description The key does not carry the scope the call needs (code forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No such user (or one of a cobrand the key does not cover) (code not.found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Too many calls with this key (code throttled) */
            429: {
                headers: {
                    /** @description Seconds until the key may call again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Refused, in the error shape */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description A failure of the service, in the error shape (503: the database is away) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
        };
    };
    changeUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    email?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        userId: string;
                        email: string;
                        name: string | null;
                        cobrand: string;
                        status: "active" | "locked" | "inactive";
                        loginType: "password" | "token";
                        passwordState: "current" | "expired" | "temporary";
                        securityQuestion: string | null;
                        failedAttempts: number;
                        lockedAt: string | null;
                        lastSignInAt: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                        externalId: string | null;
                        deletedAt: string | null;
                    };
                };
            };
            /** @description A value the call does not take (code invalid, required or too.long; `field` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No key in use: missing, malformed, unknown or revoked alike (code unauthenticated) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description The key does not carry the scope the call needs (code forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No such user (or one of a cobrand the key does not cover) (code not.found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Too many calls with this key (code throttled) */
            429: {
                headers: {
                    /** @description Seconds until the key may call again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Refused, in the error shape */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description A failure of the service, in the error shape (503: the database is away) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
        };
    };
    setSecurityQuestion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    question: string;
                    answer: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        userId: string;
                        email: string;
                        name: string | null;
                        cobrand: string;
                        status: "active" | "locked" | "inactive";
                        loginType: "password" | "token";
                        passwordState: "current" | "expired" | "temporary";
                        securityQuestion: string | null;
                        failedAttempts: number;
                        lockedAt: string | null;
                        lastSignInAt: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                        externalId: string | null;
                        deletedAt: string | null;
                    };
                };
            };
            /** @description A value the call does not take (code invalid, required or too.long; `field` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No key in use: missing, malformed, unknown or revoked alike (code unauthenticated) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description The key does not carry the scope the call needs (code forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No such user (or one of a cobrand the key does not cover) (code not.found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Too many calls with this key (code throttled) */
            429: {
                headers: {
                    /** @description Seconds until the key may call again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Refused, in the error shape */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description A failure of the service, in the error shape (503: the database is away) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
        };
    };
    deactivateUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: {
                            userId: string;
                            email: string;
                            name: string | null;
                            cobrand: string;
                            status: "active" | "locked" | "inactive";
                            loginType: "password" | "token";
                            passwordState: "current" | "expired" | "temporary";
                            securityQuestion: string | null;
                            failedAttempts: number;
                            lockedAt: string | null;
                            lastSignInAt: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            externalId: string | null;
                            deletedAt: string | null;
                        };
                        sessionsEnded: number;
                    };
                };
            };
            /** @description A value the call does not take (code invalid, required or too.long; `field` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No key in use: missing, malformed, unknown or revoked alike (code unauthenticated) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description The key does not carry the scope the call needs (code forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No such user (or one of a cobrand the key does not cover) (code not.found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Too many calls with this key (code throttled) */
            429: {
                headers: {
                    /** @description Seconds until the key may call again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Refused, in the error shape */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description A failure of the service, in the error shape (503: the database is away) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
        };
    };
    reactivateUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        userId: string;
                        email: string;
                        name: string | null;
                        cobrand: string;
                        status: "active" | "locked" | "inactive";
                        loginType: "password" | "token";
                        passwordState: "current" | "expired" | "temporary";
                        securityQuestion: string | null;
                        failedAttempts: number;
                        lockedAt: string | null;
                        lastSignInAt: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                        externalId: string | null;
                        deletedAt: string | null;
                    };
                };
            };
            /** @description A value the call does not take (code invalid, required or too.long; `field` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No key in use: missing, malformed, unknown or revoked alike (code unauthenticated) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description The key does not carry the scope the call needs (code forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No such user (or one of a cobrand the key does not cover) (code not.found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Too many calls with this key (code throttled) */
            429: {
                headers: {
                    /** @description Seconds until the key may call again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Refused, in the error shape */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description A failure of the service, in the error shape (503: the database is away) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
        };
    };
    unlockUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        userId: string;
                        email: string;
                        name: string | null;
                        cobrand: string;
                        status: "active" | "locked" | "inactive";
                        loginType: "password" | "token";
                        passwordState: "current" | "expired" | "temporary";
                        securityQuestion: string | null;
                        failedAttempts: number;
                        lockedAt: string | null;
                        lastSignInAt: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                        externalId: string | null;
                        deletedAt: string | null;
                    };
                };
            };
            /** @description A value the call does not take (code invalid, required or too.long; `field` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No key in use: missing, malformed, unknown or revoked alike (code unauthenticated) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description The key does not carry the scope the call needs (code forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No such user (or one of a cobrand the key does not cover) (code not.found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Too many calls with this key (code throttled) */
            429: {
                headers: {
                    /** @description Seconds until the key may call again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Refused, in the error shape */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description A failure of the service, in the error shape (503: the database is away) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
        };
    };
    expirePassword: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        userId: string;
                        email: string;
                        name: string | null;
                        cobrand: string;
                        status: "active" | "locked" | "inactive";
                        loginType: "password" | "token";
                        passwordState: "current" | "expired" | "temporary";
                        securityQuestion: string | null;
                        failedAttempts: number;
                        lockedAt: string | null;
                        lastSignInAt: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                        externalId: string | null;
                        deletedAt: string | null;
                    };
                };
            };
            /** @description A value the call does not take (code invalid, required or too.long; `field` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No key in use: missing, malformed, unknown or revoked alike (code unauthenticated) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description The key does not carry the scope the call needs (code forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No such user (or one of a cobrand the key does not cover) (code not.found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Too many calls with this key (code throttled) */
            429: {
                headers: {
                    /** @description Seconds until the key may call again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Refused, in the error shape */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description A failure of the service, in the error shape (503: the database is away) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
        };
    };
    mailTemporaryPassword: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        userId: string;
                        /**
                         * Format: date-time
                         * @description When the mailed password stops working
                         */
                        expiresAt: string;
                    };
                };
            };
            /** @description A value the call does not take (code invalid, required or too.long; `field` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No key in use: missing, malformed, unknown or revoked alike (code unauthenticated) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description The key does not carry the scope the call needs (code forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No such user (or one of a cobrand the key does not cover) (code not.found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Too many calls with this key (code throttled) */
            429: {
                headers: {
                    /** @description Seconds until the key may call again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Refused, in the error shape */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description A failure of the service, in the error shape (503: the database is away) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
        };
    };
    getSignInProblems: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        userId: string;
                        problems: {
                            /** @description What stands in the way; the console says it in the operator's language */
                            code: "deleted" | "inactive" | "locked" | "password.expired" | "password.breached" | "password.temporary" | "password.temporary.expired" | "password.reset.sent" | "token.new.pin" | "device.locked" | "sso.only" | "mail.failed";
                            since: string | null;
                            /** @description When it ends by itself (a temporary password, a mail) */
                            until: string | null;
                            /** @description The operation that clears it; null where the user's own next sign-in does */
                            fix: "unlock" | "reactivate" | "reset-password" | null;
                            detail: {
                                [key: string]: string | number;
                            };
                        }[];
                    };
                };
            };
            /** @description A value the call does not take (code invalid, required or too.long; `field` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No key in use: missing, malformed, unknown or revoked alike (code unauthenticated) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description The key does not carry the scope the call needs (code forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No such user (or one of a cobrand the key does not cover) (code not.found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Too many calls with this key (code throttled) */
            429: {
                headers: {
                    /** @description Seconds until the key may call again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Refused, in the error shape */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description A failure of the service, in the error shape (503: the database is away) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
        };
    };
    getSignIns: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        userId: string;
                        signIns: {
                            /** Format: date-time */
                            at: string;
                            success: boolean;
                            /** @description The step or method tried, as the user's security page names it; null: not recorded */
                            method: "password" | "token" | "sso" | "passkey" | "recoveryCode" | "verificationCode" | null;
                            /** @description Why a failed try was refused, as the audit recorded it ('credentials', 'locked', 'device locked', …) */
                            reason: string | null;
                            /** @description Whether the try came from a browser the user had made trusted; null: not recorded */
                            device: "trusted" | "unknown" | null;
                            browser: string | null;
                            os: string | null;
                            address: string | null;
                        }[];
                    };
                };
            };
            /** @description A value the call does not take (code invalid, required or too.long; `field` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No key in use: missing, malformed, unknown or revoked alike (code unauthenticated) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description The key does not carry the scope the call needs (code forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No such user (or one of a cobrand the key does not cover) (code not.found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Too many calls with this key (code throttled) */
            429: {
                headers: {
                    /** @description Seconds until the key may call again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Refused, in the error shape */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description A failure of the service, in the error shape (503: the database is away) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
        };
    };
    getSignInMethods: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        userId: string;
                        loginType: "password" | "token";
                        /** @description null: no token */
                        token: {
                            /** @description The portal's own token, or the bank's token server (RADIUS) */
                            heldBy: "portal" | "server";
                            /** @description Waits for the user to set a new PIN at their next sign-in; null at the bank's token server */
                            newPin: boolean | null;
                        } | null;
                        passkeys: number;
                        recoveryCodesLeft: number;
                        /** @description The subjects at the cobrand's identity provider linked to the user; null: the cobrand has none */
                        singleSignOn: {
                            subjects: string[];
                        } | null;
                    };
                };
            };
            /** @description A value the call does not take (code invalid, required or too.long; `field` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No key in use: missing, malformed, unknown or revoked alike (code unauthenticated) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description The key does not carry the scope the call needs (code forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No such user (or one of a cobrand the key does not cover) (code not.found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Too many calls with this key (code throttled) */
            429: {
                headers: {
                    /** @description Seconds until the key may call again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Refused, in the error shape */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description A failure of the service, in the error shape (503: the database is away) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
        };
    };
    assignToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Load it into an authenticator app; shown this once */
                        otpauthUri: string;
                    };
                };
            };
            /** @description A value the call does not take (code invalid, required or too.long; `field` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No key in use: missing, malformed, unknown or revoked alike (code unauthenticated) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description The key does not carry the scope the call needs (code forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No such user (or one of a cobrand the key does not cover) (code not.found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Too many calls with this key (code throttled) */
            429: {
                headers: {
                    /** @description Seconds until the key may call again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Refused, in the error shape */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description A failure of the service, in the error shape (503: the database is away) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
        };
    };
    unassignToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A value the call does not take (code invalid, required or too.long; `field` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No key in use: missing, malformed, unknown or revoked alike (code unauthenticated) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description The key does not carry the scope the call needs (code forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No such user (or one of a cobrand the key does not cover) (code not.found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Too many calls with this key (code throttled) */
            429: {
                headers: {
                    /** @description Seconds until the key may call again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Refused, in the error shape */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description A failure of the service, in the error shape (503: the database is away) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
        };
    };
    tokenAtServer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A value the call does not take (code invalid, required or too.long; `field` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No key in use: missing, malformed, unknown or revoked alike (code unauthenticated) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description The key does not carry the scope the call needs (code forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No such user (or one of a cobrand the key does not cover) (code not.found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Too many calls with this key (code throttled) */
            429: {
                headers: {
                    /** @description Seconds until the key may call again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Refused, in the error shape */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description A failure of the service, in the error shape (503: the database is away) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
        };
    };
    resetPin: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A value the call does not take (code invalid, required or too.long; `field` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No key in use: missing, malformed, unknown or revoked alike (code unauthenticated) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description The key does not carry the scope the call needs (code forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No such user (or one of a cobrand the key does not cover) (code not.found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Too many calls with this key (code throttled) */
            429: {
                headers: {
                    /** @description Seconds until the key may call again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Refused, in the error shape */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description A failure of the service, in the error shape (503: the database is away) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
        };
    };
    listSessions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        sessions: {
                            id: string;
                            kind: string;
                            cobrand: string;
                            singleSignOn: boolean;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            lastSeenAt: string;
                            /** Format: date-time */
                            idleExpiresAt: string;
                            /** Format: date-time */
                            absoluteExpiresAt: string;
                        }[];
                    };
                };
            };
            /** @description A value the call does not take (code invalid, required or too.long; `field` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No key in use: missing, malformed, unknown or revoked alike (code unauthenticated) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description The key does not carry the scope the call needs (code forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No such user (or one of a cobrand the key does not cover) (code not.found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Too many calls with this key (code throttled) */
            429: {
                headers: {
                    /** @description Seconds until the key may call again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Refused, in the error shape */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description A failure of the service, in the error shape (503: the database is away) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
        };
    };
    endSessions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        sessionsEnded: number;
                    };
                };
            };
            /** @description A value the call does not take (code invalid, required or too.long; `field` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No key in use: missing, malformed, unknown or revoked alike (code unauthenticated) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description The key does not carry the scope the call needs (code forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No such user (or one of a cobrand the key does not cover) (code not.found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Too many calls with this key (code throttled) */
            429: {
                headers: {
                    /** @description Seconds until the key may call again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Refused, in the error shape */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description A failure of the service, in the error shape (503: the database is away) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
        };
    };
    endSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: string;
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ended */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A value the call does not take (code invalid, required or too.long; `field` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No key in use: missing, malformed, unknown or revoked alike (code unauthenticated) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description The key does not carry the scope the call needs (code forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No such user (or one of a cobrand the key does not cover) (code not.found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Too many calls with this key (code throttled) */
            429: {
                headers: {
                    /** @description Seconds until the key may call again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Refused, in the error shape */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description A failure of the service, in the error shape (503: the database is away) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
        };
    };
    listSsoLinks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        links: {
                            cobrand: string;
                            subject: string;
                            /** Format: date-time */
                            linkedAt: string;
                        }[];
                    };
                };
            };
            /** @description A value the call does not take (code invalid, required or too.long; `field` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No key in use: missing, malformed, unknown or revoked alike (code unauthenticated) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description The key does not carry the scope the call needs (code forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No such user (or one of a cobrand the key does not cover) (code not.found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Too many calls with this key (code throttled) */
            429: {
                headers: {
                    /** @description Seconds until the key may call again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Refused, in the error shape */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description A failure of the service, in the error shape (503: the database is away) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
        };
    };
    linkSso: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    subject: string;
                };
            };
        };
        responses: {
            /** @description Linked */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A value the call does not take (code invalid, required or too.long; `field` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No key in use: missing, malformed, unknown or revoked alike (code unauthenticated) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description The key does not carry the scope the call needs (code forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No such user (or one of a cobrand the key does not cover) (code not.found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Too many calls with this key (code throttled) */
            429: {
                headers: {
                    /** @description Seconds until the key may call again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Refused, in the error shape */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description A failure of the service, in the error shape (503: the database is away) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
        };
    };
    listPasskeys: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        passkeys: {
                            id: string;
                            name: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** @description The last sign-in with it; null: never used */
                            lastUsedAt: string | null;
                            /** @description The authenticator's backup state: synced to the user's other devices */
                            backedUp: boolean;
                        }[];
                    };
                };
            };
            /** @description A value the call does not take (code invalid, required or too.long; `field` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No key in use: missing, malformed, unknown or revoked alike (code unauthenticated) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description The key does not carry the scope the call needs (code forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No such user (or one of a cobrand the key does not cover) (code not.found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Too many calls with this key (code throttled) */
            429: {
                headers: {
                    /** @description Seconds until the key may call again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Refused, in the error shape */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description A failure of the service, in the error shape (503: the database is away) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
        };
    };
    removePasskey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: string;
                passkeyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A value the call does not take (code invalid, required or too.long; `field` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No key in use: missing, malformed, unknown or revoked alike (code unauthenticated) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description The key does not carry the scope the call needs (code forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No such user (or one of a cobrand the key does not cover), or no such passkey of theirs */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Too many calls with this key (code throttled) */
            429: {
                headers: {
                    /** @description Seconds until the key may call again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Refused, in the error shape */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description A failure of the service, in the error shape (503: the database is away) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
        };
    };
    listTrustedDevices: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        devices: {
                            id: string;
                            /** @description As its user agent named it at its first sign-in */
                            browser: string | null;
                            os: string | null;
                            /** @description The approximate address of its first sign-in */
                            address: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            lastUsedAt: string;
                            /** @description Locked after six wrong tries from it (an unlock of the user clears it) */
                            locked: boolean;
                        }[];
                    };
                };
            };
            /** @description A value the call does not take (code invalid, required or too.long; `field` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No key in use: missing, malformed, unknown or revoked alike (code unauthenticated) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description The key does not carry the scope the call needs (code forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No such user (or one of a cobrand the key does not cover) (code not.found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Too many calls with this key (code throttled) */
            429: {
                headers: {
                    /** @description Seconds until the key may call again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Refused, in the error shape */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description A failure of the service, in the error shape (503: the database is away) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
        };
    };
    forgetTrustedDevice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: string;
                deviceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Forgotten */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A value the call does not take (code invalid, required or too.long; `field` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No key in use: missing, malformed, unknown or revoked alike (code unauthenticated) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description The key does not carry the scope the call needs (code forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No such user (or one of a cobrand the key does not cover), or no such device of theirs */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Too many calls with this key (code throttled) */
            429: {
                headers: {
                    /** @description Seconds until the key may call again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Refused, in the error shape */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description A failure of the service, in the error shape (503: the database is away) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
        };
    };
    queryAudit: {
        parameters: {
            query?: {
                since?: string;
                until?: string;
                userId?: string;
                kind?: string;
                actor?: string;
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        events: {
                            id: string;
                            /** Format: date-time */
                            at: string;
                            kind: string;
                            userId: string | null;
                            detail: {
                                [key: string]: unknown;
                            };
                            address: string | null;
                            userAgent: string | null;
                            actor: string | null;
                        }[];
                        /** @description The cursor of the next page; null on the last. A page looks at a bounded number of events, so with a filter few events match it may hold fewer than the limit, even none: follow next until it is null */
                        next: string | null;
                    };
                };
            };
            /** @description A value the call does not take (code invalid, required or too.long; `field` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No key in use: missing, malformed, unknown or revoked alike (code unauthenticated) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description The key does not carry the scope the call needs (code forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No such user (or one of a cobrand the key does not cover) (code not.found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Too many calls with this key (code throttled) */
            429: {
                headers: {
                    /** @description Seconds until the key may call again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Refused, in the error shape */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description A failure of the service, in the error shape (503: the database is away) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
        };
    };
    exportAudit: {
        parameters: {
            query?: {
                since?: string;
                until?: string;
                userId?: string;
                kind?: string;
                actor?: string;
                format?: "jsonl" | "csv";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One event a line, as the events of /admin/v1/audit; or a CSV header and one row an event */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/x-ndjson": string;
                    "text/csv": string;
                };
            };
            /** @description A value the call does not take (code invalid, required or too.long; `field` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No key in use: missing, malformed, unknown or revoked alike (code unauthenticated) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description The key does not carry the scope the call needs (code forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No such user (or one of a cobrand the key does not cover) (code not.found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Too many calls with this key (code throttled) */
            429: {
                headers: {
                    /** @description Seconds until the key may call again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Refused, in the error shape */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description A failure of the service, in the error shape (503: the database is away) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
        };
    };
    listCobrands: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        cobrands: {
                            name: string;
                            abbreviation: string;
                        }[];
                    };
                };
            };
            /** @description A value the call does not take (code invalid, required or too.long; `field` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No key in use: missing, malformed, unknown or revoked alike (code unauthenticated) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description The key does not carry the scope the call needs (code forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No such user (or one of a cobrand the key does not cover) (code not.found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Too many calls with this key (code throttled) */
            429: {
                headers: {
                    /** @description Seconds until the key may call again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Refused, in the error shape */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description A failure of the service, in the error shape (503: the database is away) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
        };
    };
    getCobrand: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The cobrand's catalogue record, as its cobrand.json holds it */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A value the call does not take (code invalid, required or too.long; `field` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No key in use: missing, malformed, unknown or revoked alike (code unauthenticated) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description The key does not carry the scope the call needs (code forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No such user (or one of a cobrand the key does not cover) (code not.found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Too many calls with this key (code throttled) */
            429: {
                headers: {
                    /** @description Seconds until the key may call again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Refused, in the error shape */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description A failure of the service, in the error shape (503: the database is away) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
        };
    };
    importCobrands: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        imported: string[];
                    };
                };
            };
            /** @description A value the call does not take (code invalid, required or too.long; `field` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No key in use: missing, malformed, unknown or revoked alike (code unauthenticated) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description The key does not carry the scope the call needs (code forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No such user (or one of a cobrand the key does not cover) (code not.found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Too many calls with this key (code throttled) */
            429: {
                headers: {
                    /** @description Seconds until the key may call again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Refused, in the error shape */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description A failure of the service, in the error shape (503: the database is away) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
        };
    };
    checkCatalogue: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The cobrands the folder holds */
                        cobrands: string[];
                        /** @description What an import would refuse; none: it would load */
                        problems: string[];
                    };
                };
            };
            /** @description A value the call does not take (code invalid, required or too.long; `field` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No key in use: missing, malformed, unknown or revoked alike (code unauthenticated) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description The key does not carry the scope the call needs (code forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No such user (or one of a cobrand the key does not cover) (code not.found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Too many calls with this key (code throttled) */
            429: {
                headers: {
                    /** @description Seconds until the key may call again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Refused, in the error shape */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description A failure of the service, in the error shape (503: the database is away) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
        };
    };
    listOperators: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        operators: {
                            name: string;
                            role: "helpdesk" | "admin" | "auditor";
                            /** @description null: every cobrand */
                            cobrands: string[] | null;
                            failedAttempts: number;
                            lockedAt: string | null;
                            /** Format: date-time */
                            createdAt: string;
                        }[];
                    };
                };
            };
            /** @description A value the call does not take (code invalid, required or too.long; `field` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No key in use: missing, malformed, unknown or revoked alike (code unauthenticated) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description The key does not carry the scope the call needs (code forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No such user (or one of a cobrand the key does not cover) (code not.found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Too many calls with this key (code throttled) */
            429: {
                headers: {
                    /** @description Seconds until the key may call again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Refused, in the error shape */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description A failure of the service, in the error shape (503: the database is away) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
        };
    };
    addOperator: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    role: "helpdesk" | "admin" | "auditor";
                    /** @description The cobrands it is limited to; none: every cobrand (only a caller of every cobrand gives that) */
                    cobrands?: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        name: string;
                        /** @description Generated; shown this once */
                        password: string;
                        /** @description The authenticator app's secret as an otpauth:// URI; shown this once */
                        otpauthUri: string;
                    };
                };
            };
            /** @description A value the call does not take (code invalid, required or too.long; `field` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No key in use: missing, malformed, unknown or revoked alike (code unauthenticated) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description A role or cobrand the caller may not give */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No such user (or one of a cobrand the key does not cover) (code not.found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Too many calls with this key (code throttled) */
            429: {
                headers: {
                    /** @description Seconds until the key may call again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Refused, in the error shape */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description A failure of the service, in the error shape (503: the database is away) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
        };
    };
    removeOperator: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A value the call does not take (code invalid, required or too.long; `field` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No key in use: missing, malformed, unknown or revoked alike (code unauthenticated) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description The key does not carry the scope the call needs (code forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No such user (or one of a cobrand the key does not cover) (code not.found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Too many calls with this key (code throttled) */
            429: {
                headers: {
                    /** @description Seconds until the key may call again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Refused, in the error shape */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description A failure of the service, in the error shape (503: the database is away) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
        };
    };
    unlockOperator: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A value the call does not take (code invalid, required or too.long; `field` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No key in use: missing, malformed, unknown or revoked alike (code unauthenticated) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description The key does not carry the scope the call needs (code forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No such user (or one of a cobrand the key does not cover) (code not.found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Too many calls with this key (code throttled) */
            429: {
                headers: {
                    /** @description Seconds until the key may call again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Refused, in the error shape */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description A failure of the service, in the error shape (503: the database is away) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
        };
    };
    listApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        keys: {
                            name: string;
                            scopes: ("users:read" | "users:write" | "audit:read" | "cobrands:read" | "cobrands:write" | "scim" | "access")[];
                            /** @description null: every cobrand */
                            cobrands: string[] | null;
                            /** Format: date-time */
                            createdAt: string;
                            revokedAt: string | null;
                        }[];
                    };
                };
            };
            /** @description A value the call does not take (code invalid, required or too.long; `field` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No key in use: missing, malformed, unknown or revoked alike (code unauthenticated) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description The key does not carry the scope the call needs (code forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No such user (or one of a cobrand the key does not cover) (code not.found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Too many calls with this key (code throttled) */
            429: {
                headers: {
                    /** @description Seconds until the key may call again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Refused, in the error shape */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description A failure of the service, in the error shape (503: the database is away) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    scopes: ("users:read" | "users:write" | "audit:read" | "cobrands:read" | "cobrands:write" | "scim" | "access")[];
                    /** @description The cobrands it is limited to; none: every cobrand (only a caller of every cobrand gives that) */
                    cobrands?: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        name: string;
                        /** @description The key; shown this once (the portal keeps only its HMAC) */
                        key: string;
                    };
                };
            };
            /** @description A value the call does not take (code invalid, required or too.long; `field` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No key in use: missing, malformed, unknown or revoked alike (code unauthenticated) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description A scope or cobrand the caller may not give */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No such user (or one of a cobrand the key does not cover) (code not.found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Too many calls with this key (code throttled) */
            429: {
                headers: {
                    /** @description Seconds until the key may call again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Refused, in the error shape */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description A failure of the service, in the error shape (503: the database is away) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A value the call does not take (code invalid, required or too.long; `field` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No key in use: missing, malformed, unknown or revoked alike (code unauthenticated) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description The key does not carry the scope the call needs (code forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No such user (or one of a cobrand the key does not cover) (code not.found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Too many calls with this key (code throttled) */
            429: {
                headers: {
                    /** @description Seconds until the key may call again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Refused, in the error shape */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description A failure of the service, in the error shape (503: the database is away) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
        };
    };
    requestApproval: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description email.change: the user's e-mail address; factors.remove: every passkey, token, recovery code and trusted browser */
                    kind: "email.change" | "factors.remove";
                    email?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @description email.change: the user's e-mail address; factors.remove: every passkey, token, recovery code and trusted browser */
                        kind: "email.change" | "factors.remove";
                        userId: string;
                        cobrand: string;
                        /** @description The new e-mail address of an email.change */
                        email: string | null;
                        reason: string;
                        /** @description The asking operator's name */
                        requestedBy: string;
                        /** Format: date-time */
                        requestedAt: string;
                        /** Format: date-time */
                        expiresAt: string;
                        decidedBy: string | null;
                        decidedAt: string | null;
                        outcome: "approved" | "declined" | null;
                    };
                };
            };
            /** @description A value the call does not take (code invalid, required or too.long; `field` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No key in use: missing, malformed, unknown or revoked alike (code unauthenticated) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description The key does not carry the scope the call needs (code forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No such user (or one of a cobrand the key does not cover) (code not.found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Too many calls with this key (code throttled) */
            429: {
                headers: {
                    /** @description Seconds until the key may call again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Refused, in the error shape */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description A failure of the service, in the error shape (503: the database is away) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
        };
    };
    listApprovals: {
        parameters: {
            query?: {
                userId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        approvals: {
                            id: string;
                            /** @description email.change: the user's e-mail address; factors.remove: every passkey, token, recovery code and trusted browser */
                            kind: "email.change" | "factors.remove";
                            userId: string;
                            cobrand: string;
                            /** @description The new e-mail address of an email.change */
                            email: string | null;
                            reason: string;
                            /** @description The asking operator's name */
                            requestedBy: string;
                            /** Format: date-time */
                            requestedAt: string;
                            /** Format: date-time */
                            expiresAt: string;
                            decidedBy: string | null;
                            decidedAt: string | null;
                            outcome: "approved" | "declined" | null;
                        }[];
                    };
                };
            };
            /** @description A value the call does not take (code invalid, required or too.long; `field` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No key in use: missing, malformed, unknown or revoked alike (code unauthenticated) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description The key does not carry the scope the call needs (code forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No such user (or one of a cobrand the key does not cover) (code not.found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Too many calls with this key (code throttled) */
            429: {
                headers: {
                    /** @description Seconds until the key may call again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Refused, in the error shape */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description A failure of the service, in the error shape (503: the database is away) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
        };
    };
    approveApproval: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @description email.change: the user's e-mail address; factors.remove: every passkey, token, recovery code and trusted browser */
                        kind: "email.change" | "factors.remove";
                        userId: string;
                        cobrand: string;
                        /** @description The new e-mail address of an email.change */
                        email: string | null;
                        reason: string;
                        /** @description The asking operator's name */
                        requestedBy: string;
                        /** Format: date-time */
                        requestedAt: string;
                        /** Format: date-time */
                        expiresAt: string;
                        decidedBy: string | null;
                        decidedAt: string | null;
                        outcome: "approved" | "declined" | null;
                    };
                };
            };
            /** @description A value the call does not take (code invalid, required or too.long; `field` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No key in use: missing, malformed, unknown or revoked alike (code unauthenticated) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description The key does not carry the scope the call needs (code forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No such user (or one of a cobrand the key does not cover) (code not.found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Too many calls with this key (code throttled) */
            429: {
                headers: {
                    /** @description Seconds until the key may call again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Refused, in the error shape */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description A failure of the service, in the error shape (503: the database is away) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
        };
    };
    declineApproval: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @description email.change: the user's e-mail address; factors.remove: every passkey, token, recovery code and trusted browser */
                        kind: "email.change" | "factors.remove";
                        userId: string;
                        cobrand: string;
                        /** @description The new e-mail address of an email.change */
                        email: string | null;
                        reason: string;
                        /** @description The asking operator's name */
                        requestedBy: string;
                        /** Format: date-time */
                        requestedAt: string;
                        /** Format: date-time */
                        expiresAt: string;
                        decidedBy: string | null;
                        decidedAt: string | null;
                        outcome: "approved" | "declined" | null;
                    };
                };
            };
            /** @description A value the call does not take (code invalid, required or too.long; `field` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No key in use: missing, malformed, unknown or revoked alike (code unauthenticated) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description The key does not carry the scope the call needs (code forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description No such user (or one of a cobrand the key does not cover) (code not.found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Too many calls with this key (code throttled) */
            429: {
                headers: {
                    /** @description Seconds until the key may call again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description Refused, in the error shape */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
            /** @description A failure of the service, in the error shape (503: the database is away) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            code: string;
                            message: string;
                            field?: string;
                            params?: string[];
                        }[];
                    };
                };
            };
        };
    };
}
