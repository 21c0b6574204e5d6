// isSampleIdWrite answers as sampleIdWriteSchema does, for every kind of key an import file or a
// request can bring: the predicate is the schema's rules without a parse, and must not drift from it.
import { describe, expect, it } from 'vitest';
import { isSampleIdWrite, sampleIdWriteSchema } from '../../src/domain/entities/shared';

const sIds: unknown[] = [
  '1',
  '1234567890123',
  '12345678901234',
  '',
  '12a',
  ' 12',
  '12 ',
  '-1',
  1,
  null,
  undefined,
];
const stamps: unknown[] = [
  '2025-10-01 06:00:00',
  '2025-10-01T06:00:00',
  '2025-10-01 6:00:00',
  '2025-02-30 06:00:00',
  '2025-10-01 24:00:00',
  '2025-10-01',
  '',
  ' 2025-10-01 06:00:00',
  20251001,
  null,
];

describe('isSampleIdWrite', () => {
  for (const sId of sIds)
    for (const sStamp of stamps)
      it(`${JSON.stringify(sId)} / ${JSON.stringify(sStamp)}: as the schema`, () => {
        const key = { sId, sStamp };
        expect(isSampleIdWrite(key)).toBe(sampleIdWriteSchema.safeParse(key).success);
      });

  it('takes a valid key and refuses a wrong one, asked twice (the date-time cache answers the second)', () => {
    for (let i = 0; i < 2; i++) {
      expect(isSampleIdWrite({ sId: '42', sStamp: '2025-10-01 06:00:00' })).toBe(true);
      expect(isSampleIdWrite({ sId: '42', sStamp: '2025-10-01 06:00:61' })).toBe(false);
    }
  });
});
