// The Samples answers as the browser reads them (src/domain/entities/sample.ts,
// docs/dev/product-rules.md#calls Samples): zod drops the fields a schema does not name, so a field
// left out of a schema is one the page never shows.
import { describe, expect, it } from 'vitest';
import * as Sa from '../../../src/domain/entities/sample';
import { sample, sampleId } from './fixtures';

const later: Sa.Sample = {
  ...sample,
  ID: '4006381333931|2025-10-02 06:00:00',
  sampleId: { ...sampleId, sStamp: '2025-10-02 06:00:00' },
};

describe('Samples answers', () => {
  it('the view keeps every field of a sample', () => {
    expect(Sa.samplesViewSchema.parse({ samples: [sample], totalPages: 1, totalItems: 1 }).samples).toEqual([
      sample,
    ]);
  });

  it("a lookup by the sample's key: every sample of a list, or the one sample answered", () => {
    expect(Sa.samplesOfLookup(Sa.sampleLookupSchema.parse({ samples: [sample, later] }))).toEqual([
      sample,
      later,
    ]);
    expect(Sa.samplesOfLookup(Sa.sampleLookupSchema.parse({ samples: [] }))).toEqual([]);
    expect(Sa.samplesOfLookup(Sa.sampleLookupSchema.parse(later))).toEqual([later]);
    expect(Sa.sampleLookupSchema.safeParse({}).success).toBe(false);
  });

  it('a prefix search keeps every matching sample', () => {
    expect(Sa.samplesListSchema.parse({ samples: [sample, later] })).toEqual({ samples: [sample, later] });
    expect(Sa.samplesListSchema.safeParse({}).success).toBe(false);
  });

  it("a sId's time stamps", () => {
    const answer = { timestamps: ['2025-10-01 06:00:00', '2025-10-02 06:00:00'] };
    expect(Sa.timestampsSchema.parse(answer)).toEqual(answer);
    expect(Sa.timestampsSchema.safeParse({}).success).toBe(false);
  });

  it("a write's answer: the message the page shows and the sample's key", () => {
    const answer = {
      message: 'ID#4006381333931|2025-10-01 06:00:00 was created successfully!',
      ID: sample.ID,
      sampleId,
    };
    expect(Sa.sampleWriteResultSchema.parse(answer)).toEqual(answer);
    expect(Sa.sampleWriteResultSchema.safeParse({ message: answer.message, ID: sample.ID }).success).toBe(
      false,
    );
  });

  it("an import's answer: the message and how many rows were created, updated or unchanged", () => {
    const answer = {
      message: 'File s.csv was uploaded successfully!',
      total: 10,
      created: 6,
      updated: 3,
      unchanged: 1,
    };
    expect(Sa.sampleImportSummarySchema.parse(answer)).toEqual(answer);
    const { unchanged: _unchanged, ...withoutUnchanged } = answer;
    expect(Sa.sampleImportSummarySchema.safeParse(withoutUnchanged).success).toBe(false);
  });
});
