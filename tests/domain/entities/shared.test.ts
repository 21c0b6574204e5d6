// The parts every entity's answers share (src/domain/entities/shared.ts): the page counts of each
// list view and, with an empty Analysis or Samples view, how many rows the campaign and the
// exclusions hide (issue 27), as the browser reads them (zod drops the fields a schema does not
// name, so a count left out is one the page never shows).
//
// Equivalent mutant left by StrykerJS (docs/dev/mutation-scores.md): isSampleIdWrite's
// `typeof key.sStamp === 'string'` made true. isLabDateTime then meets the non-string values an
// import row or a JSON body can hold and refuses each: its regex reads a number, null or an object
// as text that is no date-time, and a one-element array's text would be one but its character 10
// is undefined, not the space the check asks for (tests/domain/sampleKey.test.ts holds the
// predicate and the schema together).
import { describe, expect, it } from 'vitest';
import { analysisViewSchema } from '../../../src/domain/entities/analysis';
import { boxesViewSchema } from '../../../src/domain/entities/box';
import { samplesViewSchema } from '../../../src/domain/entities/sample';
import { screenItemsViewSchema, screensViewSchema } from '../../../src/domain/entities/screen';

const average = {
  polAverage: null,
  natAverage: null,
  kalAverage: null,
  anAverage: null,
  gluAverage: null,
  dryAverage: null,
};
const counts = { totalPages: 3, totalItems: 61 };
const hidden = { outsideCampaign: 12, excluded: 2 };

describe('list views', () => {
  it('each keeps its page counts, the page shows them under the table', () => {
    expect(analysisViewSchema.parse({ analysis: [], average, ...counts })).toMatchObject(counts);
    expect(samplesViewSchema.parse({ samples: [], ...counts })).toMatchObject(counts);
    expect(boxesViewSchema.parse({ boxes: [], ...counts })).toMatchObject(counts);
    expect(screensViewSchema.parse({ screens: [], ...counts, currentPage: 0 })).toMatchObject(counts);
    expect(screenItemsViewSchema.parse({ screenItems: [], ...counts })).toMatchObject(counts);
    expect(samplesViewSchema.safeParse({ samples: [], totalPages: 3 }).success).toBe(false);
    expect(samplesViewSchema.safeParse({ samples: [], ...counts, totalItems: -1 }).success).toBe(false);
  });

  it('an empty Analysis or Samples view keeps what the campaign and the exclusions hide', () => {
    expect(analysisViewSchema.parse({ analysis: [], average, ...counts, hidden }).hidden).toEqual(hidden);
    expect(samplesViewSchema.parse({ samples: [], ...counts, hidden }).hidden).toEqual(hidden);
    expect(samplesViewSchema.safeParse({ samples: [], ...counts, hidden: { excluded: 2 } }).success).toBe(
      false,
    );
  });
});
