/** Liveness and readiness, and the version operators read from /healthz (`dev` when run from source). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';

describe('health', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp('sqlite');
  });
  afterAll(() => app.close());

  it('answers /healthz with the running version and /readyz once the database answers', async () => {
    expect((await app.client().get('/healthz')).json()).toEqual({ status: 'ok', version: 'dev' });
    expect((await app.client().get('/readyz')).json()).toEqual({ status: 'ready' });
  });
});
