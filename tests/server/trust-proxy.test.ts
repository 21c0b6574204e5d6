// LAB_TRUST_PROXY (README configuration, config.ts): behind a configured reverse proxy the
// sign-in limit per client address counts the address X-Forwarded-For names; without the setting
// the header is ignored, so a client cannot dodge the limit by sending a new address each time.
import { describe, expect, it } from 'vitest';
import { createHarness, type Harness } from './harness';

const PER_MINUTE = 3;

/** PER_MINUTE + 1 failed sign-ins "from" one forwarded address, then one from another. */
const signInStatuses = async (h: Harness): Promise<{ first: number[]; other: number }> => {
  const attempt = (i: number, forwarded: string) =>
    h.request({
      method: 'POST',
      url: '/api/auth/signin',
      // A new email each time: only the per-address limit can answer 429 here.
      payload: { email: `nobody${i}@test.lab`, password: 'wrong-password' },
      headers: { 'x-forwarded-for': forwarded },
    });
  const first: number[] = [];
  for (let i = 0; i <= PER_MINUTE; i++) first.push((await attempt(i, '203.0.113.7')).statusCode);
  return { first, other: (await attempt(99, '198.51.100.9')).statusCode };
};

describe('trusted proxy', () => {
  it('with LAB_TRUST_PROXY naming the proxy, X-Forwarded-For distinguishes clients', async () => {
    // inject() connects from 127.0.0.1: the proxy's address here.
    const h = await createHarness({ signInLimits: { maxPerAddress: PER_MINUTE }, config: { trustProxy: ['loopback'] } });
    try {
      const { first, other } = await signInStatuses(h);
      expect(first).toEqual([401, 401, 401, 429]);
      expect(other).toBe(401);
    } finally {
      await h.close();
    }
  });

  it('without it, X-Forwarded-For is ignored and the limit counts the peer', async () => {
    const h = await createHarness({ signInLimits: { maxPerAddress: PER_MINUTE } });
    try {
      const { first, other } = await signInStatuses(h);
      expect(first).toEqual([401, 401, 401, 429]);
      expect(other).toBe(429);
    } finally {
      await h.close();
    }
  });
});
