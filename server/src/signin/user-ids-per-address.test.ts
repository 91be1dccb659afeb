/**
 * The distinct user IDs per client address behind `portal_signin_address_user_ids_max`: counted over a sliding five
 * minutes, each user ID once, within bounds an attacker cannot push (MAX_IDS an address, MAX_ADDRESSES addresses),
 * and an address trying many user IDs is not let go for a flood of addresses that try one each.
 */
import { describe, expect, it } from 'vitest';
import { MANY_IDS, MAX_ADDRESSES, MAX_IDS, UserIdsPerAddress, WINDOW_MS } from './user-ids-per-address.js';

const T0 = Date.UTC(2026, 10, 21, 10, 0, 0);

describe('distinct user IDs per address', () => {
  it('counts each user ID once, over the last five minutes only', () => {
    const spread = new UserIdsPerAddress();
    for (let i = 0; i < 3; i += 1) spread.tried('198.51.100.1', 'same-user', T0 + i);
    spread.tried('198.51.100.1', 'early-user', T0);
    spread.tried('198.51.100.1', 'later-user', T0 + 4 * 60_000);
    expect(spread.reading(T0 + 4 * 60_000)).toEqual({ max: 3, many: 0 });
    expect(spread.reading(T0 + WINDOW_MS + 10)).toEqual({ max: 1, many: 0 });
    expect(spread.reading(T0 + 4 * 60_000 + WINDOW_MS)).toEqual({ max: 0, many: 0 });
    expect(spread.size).toBe(0);
  });

  it('counts no further than its cap for one address, however many user IDs it tries', () => {
    const spread = new UserIdsPerAddress();
    for (let i = 0; i < 3 * MAX_IDS; i += 1) spread.tried('198.51.100.2', `user-${i}`, T0 + i);
    spread.tried('198.51.100.3', 'one-user', T0);
    expect(spread.reading(T0 + 3 * MAX_IDS)).toEqual({ max: MAX_IDS, many: 1 });
  });

  it('keeps at most its cap of addresses, and keeps one trying many user IDs through a flood of addresses trying two each', () => {
    const spread = new UserIdsPerAddress();
    for (let i = 0; i <= MANY_IDS; i += 1) spread.tried('198.51.100.4', `user-${i}`, T0);
    for (let i = 0; i < 3 * MAX_ADDRESSES; i += 1) {
      const address = `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`;
      spread.tried(address, `u${i}`, T0);
      spread.tried(address, `v${i}`, T0);
    }
    expect(spread.size).toBe(MAX_ADDRESSES);
    expect(spread.reading(T0 + 1)).toEqual({ max: MANY_IDS + 1, many: 1 });
  });

  it('counts nothing for a try without an address', () => {
    const spread = new UserIdsPerAddress();
    spread.tried(undefined, 'someone', T0);
    expect(spread.reading(T0)).toEqual({ max: 0, many: 0 });
  });
});
