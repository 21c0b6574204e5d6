// The words a user reads (src/domain/messages.ts): every message docs/dev/product-rules.md quotes,
// word for word as the spec writes it (typos included), and the sentences the team wrote where the
// spec has none, each with the numbers, names and forms (one or many) it is built from.
//
// Equivalent mutant left by StrykerJS (docs/dev/mutation-scores.md, run with tests/domain/messages*.test.ts):
// megabytesText's `mb >= 10` made `mb > 10` (at exactly 10 MB both forms write '10').
import { describe, expect, it } from 'vitest';
import productRules from '../../docs/dev/product-rules.md?raw';
import * as M from '../../src/domain/messages';

/** The product rules as one line of text: a message may wrap across lines there. */
const rules = productRules.replace(/\s+/g, ' ');

/** A number as de-AT writes it (docs/dev/product-rules.md#constants: locale de-AT): a no-break space between thousands. */
const nbsp = '\u00a0';

describe('docs/dev/product-rules.md, word for word', () => {
  it.each(
    Object.entries({
      DATETIME_MESSAGE: M.DATETIME_MESSAGE,
      DATE_MESSAGE: M.DATE_MESSAGE,
      DATE_OR_DATETIME_MESSAGE: M.DATE_OR_DATETIME_MESSAGE,
      AID_MESSAGE: M.AID_MESSAGE,
      SID_MESSAGE: M.SID_MESSAGE,
      SFLAGS_MESSAGE: M.SFLAGS_MESSAGE,
      AFLAGS_MESSAGE: M.AFLAGS_MESSAGE,
      LANE_MESSAGE: M.LANE_MESSAGE,
      BOX_ID_MESSAGE: M.BOX_ID_MESSAGE,
      NUM_MAX_MESSAGE: M.NUM_MAX_MESSAGE,
      AMINO_FACTOR_MESSAGE: M.AMINO_FACTOR_MESSAGE,
      SAMPLE_LABEL_MESSAGE: M.SAMPLE_LABEL_MESSAGE,
      BARCODE_MESSAGE: M.BARCODE_MESSAGE,
      REFRESH_TIMER_MESSAGE: M.REFRESH_TIMER_MESSAGE,
      NAME_MUST_BE_SET: M.NAME_MUST_BE_SET,
      START_DATE_REQUIRED: M.START_DATE_REQUIRED,
      FUTURE_DATE: M.FUTURE_DATE,
      START_BEFORE_END: M.START_BEFORE_END,
      CHECK_DATES: M.CHECK_DATES,
      INFO_MUST_BE_SET: M.INFO_MUST_BE_SET,
      LIMIT_MUST_BE_NUMBER: M.LIMIT_MUST_BE_NUMBER,
      LIMIT_ONLY_NUMERIC: M.LIMIT_ONLY_NUMERIC,
      LIMIT_MIN_ABOVE_MAX: M.LIMIT_MIN_ABOVE_MAX,
      LIMIT_MAX_BELOW_MIN: M.LIMIT_MAX_BELOW_MIN,
      CAMPAIGN_START_BEFORE_END: M.CAMPAIGN_START_BEFORE_END,
      LABEL_EMPTY: M.LABEL_EMPTY,
      LABEL_NOT_PRINTED: M.LABEL_NOT_PRINTED,
      LABEL_PRINTED: M.LABEL_PRINTED,
      SAMPLE_DELETE_WARNING: M.SAMPLE_DELETE_WARNING,
      NO_DATA: M.NO_DATA,
      NO_DATA_AVAILABLE: M.NO_DATA_AVAILABLE,
      BOX_EMPTY: M.BOX_EMPTY,
      CHOOSE_SCREEN: M.CHOOSE_SCREEN,
      SERVER_TIMEOUT: M.SERVER_TIMEOUT,
      SERVER_ERROR: M.SERVER_ERROR,
      FILTER_MISMATCH: M.FILTER_MISMATCH,
      FILTERS_FAILED: M.FILTERS_FAILED,
      EXPORT_FAILED: M.EXPORT_FAILED,
      NO_DOWNLOAD: M.NO_DOWNLOAD,
      SERVER_BUSY: M.SERVER_BUSY,
      SELECTION_TOO_LARGE: M.SELECTION_TOO_LARGE,
      CHECK_LOGS: M.CHECK_LOGS,
      ...Object.fromEntries(Object.entries(M.INFO).map(([k, v]) => [`INFO.${k}`, v])),
    }),
  )('%s', (_name, text) => {
    expect(text).toMatch(/\w/);
    expect(rules).toContain(text);
  });

  it('the label rows as the Labels form names them', () => {
    expect(rules).toContain('Labels**: Sample ID (max 12), First row, Second row, Barcode (EAN-13), Footer');
    expect(M.LABEL_ROW_NAMES).toEqual({ first: 'First row', second: 'Second row', footer: 'Footer' });
  });
});

describe("the team's wording where the spec has none", () => {
  it('type and screen number follow their siblings, lane and sId', () => {
    expect(M.TYPE_MESSAGE).toBe(M.LANE_MESSAGE.replace('Lane', 'Type'));
    expect(M.SCREEN_NUMBER_MESSAGE).toBe(M.SID_MESSAGE.replace('sId', 'ScreenNumber'));
  });

  it.each([
    [M.CONTROL_CHARACTERS_MESSAGE, 'Text must not contain control characters'],
    [M.BOX_DELETE_WARNING, 'This will also remove all BoxPositions of this Box!'],
    [M.CAMPAIGN_LIFTED, 'Not applied here: rows of every date are shown.'],
    [M.CHANGED_MEANWHILE, 'It was changed by someone else in the meantime.'],
    [M.VERSION_MESSAGE, 'version must be a Number'],
    [M.EXPORT_CONFIRM_TITLE, 'Export all matching items?'],
    [M.NO_BOX_SELECTED, 'Select a box first, then scan!'],
    [M.UNSAVED_BOX_POSITIONS, 'The box positions have unsaved changes. Leave without saving them?'],
    [M.DISCARD_BOX_POSITIONS, 'The box positions have unsaved changes. Throw them away and reload the box?'],
    [M.NO_BOX_TO_EXPORT, 'Select a box first, then export its positions!'],
    [M.CAMPAIGN_CHANGING, 'The campaign setting is being changed; please try again.'],
  ])('%s', (actual, expected) => expect(actual).toBe(expected));
});

describe('messages built from what they name', () => {
  // Built inside the test, not while the file is collected: Stryker then knows which test
  // reaches each message (a call at collection counts as covered by none).
  it('each names the record, the position or the count it is about', () => {
    const table: [string, string][] = [
      [M.boxPositionInvalid('A1/3', 'created'), 'Input fields are invalid, A1/3 was not created!'],
      [M.boxPositionInvalid(7, 'modified'), 'Input fields are invalid, 7 was not modified!'],
      [
        M.changedMeanwhile('aId', 17),
        'Error occurred, aId#17 was not modified! It was changed by someone else in the meantime.',
      ],
      [M.writeFailed('Setting', 'campaign', 'deleted'), 'Error occurred, Setting#campaign was not deleted!'],
      [M.deleted('aId', 5), 'aId#5 was deleted successfully!'],
      [M.created('SyncID', 'Log'), 'SyncID#Log was created successfully!'],
      [M.alreadyInSelection('123'), 'sId#123 is already in the Selection!'],
      [M.boxNotFound('A1'), 'Error occurred, bId#A1 was not found!'],
      [M.boxPositionNotFound('A1/3'), 'Error occurred, boxPosition#A1/3 was not found!'],
      [
        M.sampleAlreadyBoxed('4006381333931', 'B2/7'),
        'Error occurred, SampleId#4006381333931 is already in box position B2/7!',
      ],
      [M.boxIsFull('A1', 40), 'Error occurred, bId#A1 is full: it holds at most 40 positions!'],
      [
        M.sampleTwiceInList('4006381333931'),
        'Error occurred, SampleId#4006381333931 appears twice in the list!',
      ],
      [M.positionOfOtherBox('A1'), 'Every position must belong to bId#A1!'],
      [M.samplePlaced('4006381333931', 'A1/3'), 'SampleId#4006381333931 was placed in A1/3!'],
      [
        M.numMaxBelowCount('A1', 12),
        'Error occurred, bId#A1 holds 12 positions: MaxPositions cannot be less!',
      ],
      [
        M.changedWhileEditing('sId', '1|2000-01-01 00:00:00'),
        'sId#1|2000-01-01 00:00:00 was changed by someone else since you began editing it: Save will be refused and show their change.',
      ],
      [
        M.deletedWhileEditing('aId', 17),
        'aId#17 was deleted by someone else while you were editing it; your changes were not saved.',
      ],
      [M.clearSelectionText(3), 'Remove all 3 items from the selection?'],
      [M.selectAllFilteredText(250), 'Add all 250 filtered elements to the selection?'],
    ];
    for (const [actual, expected] of table) expect(actual).toBe(expected);
  });

  it('what an empty table hides, counted in de-AT with the one or many form of its rows', () => {
    const noun = { one: 'analysis', many: 'analyses' };
    expect(M.hiddenOutsideCampaign(noun, 1)).toBe('1 analysis outside the campaign');
    expect(M.hiddenOutsideCampaign(noun, 12345)).toBe(`12${nbsp}345 analyses outside the campaign`);
    expect(M.hiddenByExclusions(noun, 0)).toBe('0 analyses left out by the exclusions');
    expect(M.hiddenByExclusions(noun, 1)).toBe('1 analysis left out by the exclusions');
  });

  it('why an export start was refused: the exports running, the MB waiting (whole from 10 MB, else three digits)', () => {
    expect(M.EXPORT_QUOTA.running(1)).toBe('You have 1 export running. Please wait until it is ready.');
    expect(M.EXPORT_QUOTA.running(2)).toBe('You have 2 exports running. Please wait until they are ready.');
    const MB = 1024 * 1024;
    const stored = (mb: string) =>
      `Your exports waiting for download hold ${mb} MB or more. Please download them, or wait until they expire.`;
    expect(M.EXPORT_QUOTA.stored(100 * MB)).toBe(stored('100'));
    expect(M.EXPORT_QUOTA.stored(10 * MB)).toBe(stored('10'));
    expect(M.EXPORT_QUOTA.stored(12.6 * MB)).toBe(stored('13'));
    expect(M.EXPORT_QUOTA.stored(9.876 * MB)).toBe(stored('9.88'));
    expect(M.EXPORT_QUOTA.stored(0.5 * MB)).toBe(stored('0.5'));
  });

  it('a refused create names the record, by its sample when it has no id yet, and adds the reason', () => {
    expect(M.createRefused('aId', '', '4006381333931', '')).toBe(
      'Error occurred, the analysis of SampleId#4006381333931 was not created!',
    );
    expect(M.createRefused('sId', '', '4006381333931', 'It exists already.')).toBe(
      'Error occurred, the record of SampleId#4006381333931 was not created! It exists already.',
    );
    expect(M.createRefused('bId', 'A1', '', 'bId#A1 exists already.')).toBe(
      'Error occurred, bId#A1 was not created! bId#A1 exists already.',
    );
    expect(M.createRefused('aId', 0, '4006381333931', '')).toBe('Error occurred, aId#0 was not created!');
  });

  it('the lines of a selection file left out: one, a few, or the first five and how many', () => {
    expect(M.fileLinesLeftOut('s.txt', [4])).toBe('File s.txt: line 4 is not a SampleID and was left out.');
    expect(M.fileLinesLeftOut('s.txt', [2, 3, 5, 8, 9])).toBe(
      'File s.txt: lines 2, 3, 5, 8, 9 (5) are not SampleIDs and were left out.',
    );
    expect(M.fileLinesLeftOut('s.txt', [1, 2, 3, 4, 5, 6, 7])).toBe(
      'File s.txt: lines 1, 2, 3, 4, 5, … (7) are not SampleIDs and were left out.',
    );
  });

  it('the Export panel names the format, the total in de-AT, and what SAP and ZFT mark', () => {
    expect(M.EXPORT_LABELS).toEqual({ csv: 'CSV', xlsx: 'XLSX', sap: 'SAP', zft: 'ZFT' });
    expect(M.exportButtonLabel('xlsx')).toBe('Export XLSX');
    expect(M.downloadLabel('sap')).toBe('Download SAP');
    expect(M.downloadLabel(null)).toBe('Download');
    expect(M.exportConfirmText('csv', 25000)).toBe(
      `25${nbsp}000 items match the current filters. The CSV export of so many items may take a while. Do you want to continue?`,
    );
    expect(M.exportConfirmText(null, 6000)).toBe(
      `6${nbsp}000 items match the current filters. The  export of so many items may take a while. Do you want to continue?`,
    );
    expect(M.flagsConfirmTitle('zft')).toBe('Start the ZFT export?');
    expect(M.flagsWarning('sap')).toBe(
      'The SAP export marks every exported analysis as exported: its first flag becomes X and DateExported is set.',
    );
    expect(M.exportedRowsSkipped(1)).toBe(
      'Left out 1 already exported analysis (first flag X). To export them again, filter aFlags by X.',
    );
    expect(M.exportedRowsSkipped(1200)).toBe(
      `Left out 1${nbsp}200 already exported analyses (first flag X). To export them again, filter aFlags by X.`,
    );
  });

  it("a batch update's answer lists every name it updated or not", () => {
    expect(rules).toContain("'Successfully updated [names]!'");
    expect(M.batchSucceeded(['pol', 'nat', 'kal'])).toBe('Successfully updated pol, nat, kal!');
    expect(M.batchFailed(['pol', 'nat'])).toBe('Error occurred! pol, nat not updated!');
  });

  it('the note while live updates are off: the refresh timer stands in, or nothing does', () => {
    expect(M.liveUpdatesOff(30)).toBe('Live updates are off: the list reloads every 30 s.');
    expect(M.liveUpdatesOff(1)).toBe('Live updates are off: the list reloads every 1 s.');
    expect(M.liveUpdatesOff(0)).toBe(
      'Live updates are off: set a refresh time or reload to see changes made elsewhere.',
    );
  });
});
