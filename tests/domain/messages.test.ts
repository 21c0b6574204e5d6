import { describe, expect, it } from 'vitest';
import * as M from '../../src/domain/messages';

describe('messages', () => {
  it('keeps the spec spelling', () => {
    expect(M.SID_MESSAGE).toBe('sId must be a Number and not longer as 13 digits');
    expect(M.LIMIT_MAX_BELOW_MIN).toBe('Must be grater than minimum value!');
    expect(M.LABEL_EMPTY).toBe('There if no information to print!');
    expect(M.SFLAGS_MESSAGE).toBe('sFlags starts with A,D,F,G,M,T,V,X or - and continuous with /,L,H and -');
  });

  it('holds every string constant once', () => {
    const strings = (Object.values(M) as unknown[]).filter((v): v is string => typeof v === 'string');
    expect(new Set(strings).size).toBe(strings.length);
  });

  it.each([
    [M.betweenMessage('pol', 10, 22.5), 'pol has to be between 10 and 22.5'],
    [M.labelRowMessage('first'), 'First row can only have 12 characters!'],
    [M.notCreated('aId', 12), 'Error occurred, aId#12 was not created!'],
    [
      M.notModified('sId', '1|2000-01-01 00:00:00'),
      'Error occurred, sId#1|2000-01-01 00:00:00 was not modified!',
    ],
    [M.notDeleted('bId', 'A1'), 'Error occurred, bId#A1 was not deleted!'],
    [M.notDeleted('scrId', 3), 'Error occurred, scrId#3 was not deleted!'],
    [M.created('aId', 5), 'aId#5 was created successfully!'],
    [M.updated('bId', 'A1'), 'bId#A1 was updated successfully!'],
    [M.deleted('boxPosition', 'A1/2'), 'boxPosition#A1/2 was deleted successfully!'],
    [M.updated('scrId', 7), 'scrId#7 was updated successfully!'],
    [M.addedToSelection('123'), 'sId#123 was added to Selection!'],
    [M.fileUploaded('a.csv'), 'File a.csv was uploaded successfully!'],
    [M.wrongFileType('a.pdf'), 'Selected file a.pdf must be a txt, csv or ncd File!'],
    [M.fileNotAccessible('a.txt'), 'Selected file a.txt is not accessible. Check your logs!'],
    [M.fileNotImported('s.csv'), 'Error occurred, file s.csv was not imported!'],
    [M.sampleNotFound('123'), 'Error occurred, SampleId#123 was not found!'],
    [M.notFetched(9), 'ID#9 could not be fetched!'],
    [M.batchFailed(['pol', 'nat']), 'Error occurred! pol, nat not updated!'],
    [M.batchSucceeded(['pol']), 'Successfully updated pol!'],
    [M.currentlyFiltering(3), 'Currently filtering #3'],
    [M.currentlySelected(0), 'Currently selected #0'],
    [M.currentlyShowingScreen('42', 7), 'Currently showing ScreenNumber 42 with #7 Samples'],
    [M.currentlyShowingReports(2, 0), 'Currently showing 2 Day Report(s)'],
    [
      M.currentlyShowingReports(2, 3),
      'Currently showing 2 Day Report(s) and 3 suspicious SampleSelection-Id(s)',
    ],
    [M.campaignLine('a', 'b'), 'Filtering campaign: a - b'],
    [M.campaignLine(null, 'b'), 'Filtering campaign: Until b'],
    [M.campaignLine('a', ''), 'Filtering campaign: From a'],
    [M.campaignLine(null, null), null],
  ])('%s', (actual, expected) => expect(actual).toBe(expected));
});

describe('tableSelectionAnnouncement', () => {
  it.each([
    [M.tableSelectionAnnouncement(['7925'], 1), '7925 selected.'],
    [M.tableSelectionAnnouncement(['7925'], 3), '7925 selected.'],
    [M.tableSelectionAnnouncement([], 0), 'No items selected.'],
    [M.tableSelectionAnnouncement([], 1), '1 item selected.'],
    [M.tableSelectionAnnouncement(['1', '2'], 50), '50 items selected.'],
  ])('%s', (actual, expected) => expect(actual).toBe(expected));
});
