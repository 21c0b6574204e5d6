// The Analysis answers as the browser reads them (src/domain/entities/analysis.ts): zod drops the
// fields a schema does not name, so a field left out of a schema is one the page never shows.
import { describe, expect, it } from 'vitest';
import * as A from '../../../src/domain/entities/analysis';
import { analysis } from './fixtures';

describe('Analysis answers', () => {
  it("the view keeps the averages row the table's foot shows", () => {
    const average = {
      polAverage: 17.2,
      natAverage: null,
      kalAverage: 3.9,
      anAverage: 1.2,
      gluAverage: null,
      dryAverage: 23,
    };
    const view = A.analysisViewSchema.parse({ analysis: [analysis], average, totalPages: 1, totalItems: 1 });
    expect(view.average).toEqual(average);
    expect(
      A.analysisViewSchema.safeParse({
        analysis: [],
        average: { ...average, polAverage: '17,2' },
        totalPages: 0,
        totalItems: 0,
      }).success,
    ).toBe(false);
  });

  it("a lookup by the sample's key keeps each analysis whole", () => {
    expect(A.analysisListSchema.parse({ analysis: [analysis] })).toEqual({ analysis: [analysis] });
    expect(A.analysisListSchema.safeParse({}).success).toBe(false);
  });

  it("a write's answer: the message the page shows and the analysis' aId", () => {
    const answer = { message: 'aId#1 was created successfully!', aId: 1 };
    expect(A.analysisWriteResultSchema.parse(answer)).toEqual(answer);
    expect(A.analysisWriteResultSchema.safeParse({ message: answer.message }).success).toBe(false);
  });
});
