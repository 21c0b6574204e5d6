// A box's positions (src/domain/entities/boxPosition.ts, docs/dev/product-rules.md#records
// BoxPosition): the PUT bodies, the answers as the browser reads them (zod drops the fields a schema
// does not name), the position as an Analysis or Sample shows it, and the table's and export's cells.
import { describe, expect, it } from 'vitest';
import * as BP from '../../../src/domain/entities/boxPosition';
import { SID_MESSAGE, VERSION_MESSAGE } from '../../../src/domain/messages';

const sampleId = { sId: '4006381333931', sStamp: '2025-10-01 06:00:00' };
const position = { boxposId: { box: 'A1', boxPosId: 3 }, dateExported: null, sample: { sampleId } };

/** The fields a body is refused on, each with its message. */
const refusals = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.success ? [] : (r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

describe('box positions bodies', () => {
  it("a position's sample key is judged and kept", () => {
    expect(BP.boxPositionWriteSchema.parse(position)).toEqual(position);
    const bad = { ...position, sample: { sampleId: { ...sampleId, sId: '12a' } } };
    expect(refusals(BP.boxPositionWriteSchema.safeParse(bad))).toEqual([
      ['sample.sampleId.sId', SID_MESSAGE],
    ]);
  });

  it("the whole list's PUT names the version it was read at, and keeps its positions", () => {
    expect(BP.boxPositionsWriteSchema.parse({ version: 2, boxpos: [position] })).toEqual({
      version: 2,
      boxpos: [position],
    });
    expect(refusals(BP.boxPositionsWriteSchema.safeParse({ boxpos: [position] }))).toEqual([
      ['version', VERSION_MESSAGE],
    ]);
    expect(refusals(BP.boxPositionsWriteSchema.safeParse({ version: 2 }))).toEqual([
      ['boxpos', expect.any(String)],
    ]);
  });
});

describe('box positions answers', () => {
  it("a write's answer: the message, the stored list and its new version", () => {
    const answer = { message: 'bId#A1 was updated successfully!', boxpos: [position], version: 3 };
    expect(BP.boxPositionsResultSchema.parse(answer)).toEqual(answer);
    expect(BP.boxPositionsResultSchema.safeParse({ boxpos: [position], version: 3 }).success).toBe(false);
  });
});

describe('a position as the pages and exports show it', () => {
  it("an Analysis or a Sample shows its box position as '<bId>/<boxPosId>'", () => {
    expect(BP.formatBoxPos('A1', 3)).toBe('A1/3');
    expect(BP.formatBoxPos('Z99', 40)).toBe('Z99/40');
  });

  it('each column of the table and of the CSV/PDF export, with its header', () => {
    const stored = { ...position, dateExported: '2025-10-02 08:00:00' };
    expect(BP.BOX_POSITION_COLUMNS.map((c) => [c.header, BP.boxPositionCell(stored, c.key)])).toEqual([
      ['BoxID', 'A1'],
      ['BoxPosID', 3],
      ['dateExported', '2025-10-02 08:00:00'],
      ['SampleID', '4006381333931'],
      ['SampleTime', '2025-10-01 06:00:00'],
    ]);
  });

  it("the export's file name", () => {
    expect(BP.boxPositionsFileName('A1', 'csv')).toBe('boxpositions_A1.csv');
    expect(BP.boxPositionsFileName('B2', 'pdf')).toBe('boxpositions_B2.pdf');
  });
});
