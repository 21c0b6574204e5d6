// The Analysis answers as the browser reads them (src/domain/entities/analysis.ts): zod drops the
// fields a schema does not name, so a field left out of a schema is one the page never shows.
import { describe, expect, it } from 'vitest';
import * as A from '../../../src/domain/entities/analysis';

const sampleId = { sId: '4006381333931', sStamp: '2025-10-01 06:00:00' };
const analysis: A.Analysis = {
  aId: 1,
  sample: { sampleId, weightNet: 25.1, weightBru: 26.3, name: 'Hof Müller', boxPos: 'A1/3' },
  aFlags: '-LH----',
  dateIn: '2025-10-01 06:10:00',
  dateOut: null,
  pol: 17.2,
  nat: 0.5,
  kal: 3.9,
  an: 1.2,
  glu: null,
  dry: 23,
  weightMea: null,
  weightNrm: null,
  weightCur: null,
  weightDif: null,
  density: null,
  lane: 2,
  comment: null,
  dateExported: null,
  version: 3,
};

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
