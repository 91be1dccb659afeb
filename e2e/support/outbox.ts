/** The new-device codes a portal without SMTP_URL writes to DATA_DIR/outbox (mailed-codes.mjs), waited for. */
import { expect } from 'vitest';
import { mailedCodes } from './mailed-codes.mjs';

export { mailedCodes, otherThan } from './mailed-codes.mjs';

/** Waits for the code mail after the `seen` ones, and answers its code. */
export async function nextCode(dataDir: string, seen: number): Promise<string> {
  await expect.poll(() => mailedCodes(dataDir).length, { timeout: 10_000 }).toBeGreaterThan(seen);
  const code = mailedCodes(dataDir)[seen]!;
  expect(code).toMatch(/^\d{6}$/);
  return code;
}
