// Every user-facing message of docs/dev/product-rules.md#field-rules and docs/dev/product-rules.md#messages, written once. The spec says messages are shown as
// written, so the spelling (typos included: 'not longer as', 'grater', 'There if') is part of the
// contract and must not be "fixed" here.
export { LOGIN_MESSAGES } from './auth';
import type { ExportType } from './exportJob';

type Id = string | number;

// ---- docs/dev/product-rules.md#field-rules validation table -------------------------------------------------------------------

export const DATETIME_MESSAGE = 'Only Datetime is allowed, e.g. 2000-01-01 00:00:00';
export const DATE_MESSAGE = 'Only Date is allowed, e.g. 2000-01-01';
export const DATE_OR_DATETIME_MESSAGE =
  'Only Date or Datetime is allowed, e.g. 2000-01-01 or 2000-01-01 00:00:00';
export const AID_MESSAGE = 'aId must be a Number';
export const SID_MESSAGE = 'sId must be a Number and not longer as 13 digits';
export const SFLAGS_MESSAGE = 'sFlags starts with A,D,F,G,M,T,V,X or - and continuous with /,L,H and -';
export const AFLAGS_MESSAGE = 'aFlags starts with A,F,G,M,T,V,X or - and continuous with L,H and -';
export const LANE_MESSAGE = 'Lane has to be between 0 and 3';
export const BOX_ID_MESSAGE = 'Starts with A, B, C, D or V followed by digits';
export const NUM_MAX_MESSAGE = 'MaxPositions must be between 1 and 40';
export const AMINO_FACTOR_MESSAGE = 'Amino factor has to be between 1 and 20';
export const SAMPLE_LABEL_MESSAGE = 'Sample ID must be a Number and at least 8 and not longer as 13 digits';
export const BARCODE_MESSAGE = 'Barcode must have 13 digits';
export const REFRESH_TIMER_MESSAGE = 'Refresh-Timer has to be between 0 and 600';

// The spec shows no message for type and screenNumber ("not shown"), yet the server must answer a
// 400 with readable errors; these follow the wording of their siblings (lane, sId).
export const TYPE_MESSAGE = 'Type has to be between 0 and 3';
export const SCREEN_NUMBER_MESSAGE = 'ScreenNumber must be a Number and not longer as 13 digits';

// The spec has no message for text holding control characters (NUL, escape, …): they cannot be
// typed into a form, arrive only by hand-made requests or files, and PostgreSQL refuses NUL.
export const CONTROL_CHARACTERS_MESSAGE = 'Text must not contain control characters';

/** The label rows as the form names them; the message is '{row} can only have 12 characters!'. */
export const LABEL_ROW_NAMES = { first: 'First row', second: 'Second row', footer: 'Footer' } as const;
export type LabelRow = keyof typeof LABEL_ROW_NAMES;
export const labelRowMessage = (row: LabelRow): string =>
  `${LABEL_ROW_NAMES[row]} can only have 12 characters!`;

/** Measurement fields against the server limits: '{name} has to be between {min} and {max}'. */
export const betweenMessage = (name: string, min: Id, max: Id): string =>
  `${name} has to be between ${min} and ${max}`;

// ---- docs/dev/product-rules.md#field-rules boxes, reports/logs, limits, settings, labels ----------------------------------------

export const NAME_MUST_BE_SET = 'Name must be set!';
export const boxPositionInvalid = (id: Id, action: 'created' | 'modified'): string =>
  `Input fields are invalid, ${id} was not ${action}!`;

export const START_DATE_REQUIRED = 'You must provide a start date!';
export const FUTURE_DATE = 'A future date was chosen!';
export const START_BEFORE_END = 'Start date must be before end date!';
export const CHECK_DATES = 'Please check your dates!';

export const INFO_MUST_BE_SET = 'Info must be set!';
export const LIMIT_MUST_BE_NUMBER = 'Limit must be a number!';
export const LIMIT_ONLY_NUMERIC = 'Only numerical values and a dot as separator are allowed!';
export const LIMIT_MIN_ABOVE_MAX = 'Must be less than maximum value!';
export const LIMIT_MAX_BELOW_MIN = 'Must be grater than minimum value!';

export const CAMPAIGN_START_BEFORE_END = 'Start of campaign must be before end!';

export const LABEL_EMPTY = 'There if no information to print!';
export const LABEL_NOT_PRINTED = 'Error occurred, Label was not printed!';
export const LABEL_PRINTED = 'Label was sent to Printer';

export const SAMPLE_DELETE_WARNING =
  'This will also remove all BoxPositions and Analysis associated with this Sample!';
/** The box delete confirmation's warning: a box takes its positions with it. */
export const BOX_DELETE_WARNING = 'This will also remove all BoxPositions of this Box!';

// ---- docs/dev/product-rules.md#messages error catalogue ------------------------------------------------------------------------

export const NO_DATA = 'Sorry, there is no data! Please check your search parameters!';

/** How a resource names its rows (its descriptor's rowNoun). */
export interface RowNoun {
  one: string;
  many: string;
}
const counted = (noun: RowNoun, n: number): string =>
  `${n.toLocaleString('de-AT')} ${n === 1 ? noun.one : noun.many}`;
/** What an empty table hides on purpose (issue 27; views/hidden.ts). */
export const hiddenOutsideCampaign = (noun: RowNoun, n: number): string =>
  `${counted(noun, n)} outside the campaign`;
export const hiddenByExclusions = (noun: RowNoun, n: number): string =>
  `${counted(noun, n)} left out by the exclusions`;
/** The campaign line's note while the user has lifted the campaign for the view ('Show them'). */
export const CAMPAIGN_LIFTED = 'Not applied here: rows of every date are shown.';
export const NO_DATA_AVAILABLE = 'No data available';
export const BOX_EMPTY = 'No data to show! Either the Box is empty or no Box is selected!';
export const CHOOSE_SCREEN = 'Please choose a Screen-Number first!';
export const SERVER_TIMEOUT = 'Server timeout occurred! Please reload the Page!';
export const SERVER_ERROR = 'Server error occurred! Please reload the page!';
export const FILTER_MISMATCH = 'Filter mismatch - Please check your input!';
export const FILTERS_FAILED = 'Processing filters failed, please check your logs!';
export const EXPORT_FAILED = 'Processing export failed, please check your logs!';
export const NO_DOWNLOAD = 'No data available for download!';
export const SERVER_BUSY = 'Server is currently processing another request. Please try again later!';
export const SELECTION_TOO_LARGE =
  'You will have more than 1000 Elements! Please reduce the amount of selected Elements!';
export const CHECK_LOGS = 'Error occurred, please check your logs!';

/** Bytes as MB (MiB) for a message: whole above 10, else up to three significant digits. */
const megabytesText = (bytes: number): string => {
  const mb = bytes / (1024 * 1024);
  return mb >= 10 ? String(Math.round(mb)) : String(Number(mb.toPrecision(3)));
};

/**
 * Why an export start was refused (503 SERVER_BUSY; this in `errors`): a person's running exports
 * and the bytes of their files waiting for download are bounded (server exports/service.ts).
 */
export const EXPORT_QUOTA = {
  running: (n: number): string =>
    `You have ${n} export${n === 1 ? '' : 's'} running. Please wait until ${n === 1 ? 'it is' : 'they are'} ready.`,
  stored: (bytes: number): string =>
    `Your exports waiting for download hold ${megabytesText(bytes)} MB or more. Please download them, or wait until they expire.`,
} as const;

export const sampleNotFound = (sampleId: Id): string => `Error occurred, SampleId#${sampleId} was not found!`;
export const notFetched = (id: Id): string => `ID#${id} could not be fetched!`;

/**
 * Which key names a record in the catalogue ('aId#…', 'sId#…|…', 'bId#…', 'scrId#…', 'boxPosition#…');
 * limits, settings and sync entries are named as their not-found messages name them ('Limit#pol',
 * 'Setting#campaign', 'SyncID#Log').
 */
export type RecordKey = 'aId' | 'sId' | 'bId' | 'scrId' | 'boxPosition' | 'Limit' | 'Setting' | 'SyncID';
export type WriteAction = 'created' | 'modified' | 'deleted';

export const writeFailed = (key: RecordKey, id: Id, action: WriteAction): string =>
  `Error occurred, ${key}#${id} was not ${action}!`;
export const notCreated = (key: RecordKey, id: Id): string => writeFailed(key, id, 'created');
/**
 * A refused create, with the server's reason. A new analysis has no aId yet: it is named by its
 * sample instead of an empty 'aId#'.
 */
export const createRefused = (key: RecordKey, id: Id, sample: string, reason: string): string => {
  const base =
    String(id) === ''
      ? `Error occurred, the ${key === 'aId' ? 'analysis' : 'record'} of SampleId#${sample} was not created!`
      : notCreated(key, id);
  return reason ? `${base} ${reason}` : base;
};
export const notModified = (key: RecordKey, id: Id): string => writeFailed(key, id, 'modified');
export const notDeleted = (key: RecordKey, id: Id): string => writeFailed(key, id, 'deleted');

// ---- versions (docs/dev/architecture.md#api-contract: a PUT with a stale version answers 409, no silent lost update) ----
// The spec has no wording for the reason; the 409 carries the spec's 'was not modified!' message
// as `message` and this reason in `errors`, and the client shows both.

/** Why a write based on an outdated copy of a record is refused. */
export const CHANGED_MEANWHILE = 'It was changed by someone else in the meantime.';
/** A PUT must say which version of the record it was edited from. */
export const VERSION_MESSAGE = 'version must be a Number';
/** The whole refusal as the user reads it: 'Error occurred, aId#17 was not modified! It was changed …'. */
export const changedMeanwhile = (key: RecordKey, id: Id): string =>
  `${notModified(key, id)} ${CHANGED_MEANWHILE}`;

/** Success uses 'updated' where the failure says 'modified' (docs/dev/product-rules.md#messages spells them so). */
export type SuccessAction = 'created' | 'updated' | 'deleted';
export const writeSucceeded = (key: RecordKey, id: Id, action: SuccessAction): string =>
  `${key}#${id} was ${action} successfully!`;
export const created = (key: RecordKey, id: Id): string => writeSucceeded(key, id, 'created');
export const updated = (key: RecordKey, id: Id): string => writeSucceeded(key, id, 'updated');
export const deleted = (key: RecordKey, id: Id): string => writeSucceeded(key, id, 'deleted');

export const addedToSelection = (sId: Id): string => `sId#${sId} was added to Selection!`;
/** A scan or typed id whose items are all selected already: nothing was added. */
export const alreadyInSelection = (sId: Id): string => `sId#${sId} is already in the Selection!`;
export const fileUploaded = (name: string): string => `File ${name} was uploaded successfully!`;
/** Lines of an imported selection file that hold no sample id (at most five numbers listed). */
export const fileLinesLeftOut = (name: string, lines: readonly number[]): string => {
  const listed = lines.slice(0, 5).join(', ') + (lines.length > 5 ? ', …' : '');
  return lines.length === 1
    ? `File ${name}: line ${listed} is not a SampleID and was left out.`
    : `File ${name}: lines ${listed} (${lines.length}) are not SampleIDs and were left out.`;
};
export const wrongFileType = (name: string): string =>
  `Selected file ${name} must be a txt, csv or ncd File!`;
export const fileNotAccessible = (name: string): string =>
  `Selected file ${name} is not accessible. Check your logs!`;
export const fileNotImported = (name: string): string => `Error occurred, file ${name} was not imported!`;

export const batchFailed = (names: readonly string[]): string =>
  `Error occurred! ${names.join(', ')} not updated!`;
export const batchSucceeded = (names: readonly string[]): string =>
  `Successfully updated ${names.join(', ')}!`;

export const INFO = {
  dayReportsCleared: 'Day Reports cleared!',
  logsCleared: 'Logs cleared!',
  limitsReloaded: 'Limits reloaded',
  settingsReloaded: 'Settings reloaded',
  syncConfigReloaded: 'SyncConfig reloaded',
  inputCleared: 'Input cleared!',
} as const;

// ---- status lines of docs/dev/product-rules.md#screens -----------------------------------------------------------------

export const currentlyFiltering = (n: number): string => `Currently filtering #${n}`;
export const currentlySelected = (n: number): string => `Currently selected #${n}`;
export const currentlyShowingScreen = (screenNumber: string, n: number): string =>
  `Currently showing ScreenNumber ${screenNumber} with #${n} Samples`;
export const currentlyShowingReports = (days: number, suspicious: number): string =>
  `Currently showing ${days} Day Report(s)` +
  (suspicious > 0 ? ` and ${suspicious} suspicious SampleSelection-Id(s)` : '');

/**
 * 'Filtering campaign: start - end', or with one open end 'Until end' / 'From start'
 * (read as 'Filtering campaign: Until {end}'); null when the campaign is open on both sides.
 */
export const campaignLine = (
  start: string | null | undefined,
  end: string | null | undefined,
): string | null => {
  if (start && end) return `Filtering campaign: ${start} - ${end}`;
  if (end) return `Filtering campaign: Until ${end}`;
  if (start) return `Filtering campaign: From ${start}`;
  return null;
};

// ---- Export panel ------------------------------------------------------------------------------
// The spec fixes no wording for the export confirmation or the SAP/ZFT warning; these say what happens.

export const EXPORT_LABELS: Readonly<Record<ExportType, string>> = {
  csv: 'CSV',
  xlsx: 'XLSX',
  sap: 'SAP',
  zft: 'ZFT',
};

export const exportButtonLabel = (type: ExportType): string => `Export ${EXPORT_LABELS[type]}`;

/** The Download button names the file format of the job it fetches. */
export const downloadLabel = (type: ExportType | null): string =>
  type ? `Download ${EXPORT_LABELS[type]}` : 'Download';

export const EXPORT_CONFIRM_TITLE = 'Export all matching items?';

export const exportConfirmText = (type: ExportType | null, total: number): string =>
  `${total.toLocaleString('de-AT')} items match the current filters. The ${type ? EXPORT_LABELS[type] : ''} export of so many items may take a while. Do you want to continue?`;

/** The question before a SAP or ZFT export, whose text is the flags warning below. */
export const flagsConfirmTitle = (type: ExportType): string => `Start the ${EXPORT_LABELS[type]} export?`;

/** SAP and ZFT mark what they export (docs/dev/architecture.md#domain-decisions, docs/exports.md). */
export const flagsWarning = (type: ExportType): string =>
  `The ${EXPORT_LABELS[type]} export marks every exported analysis as exported: its first flag becomes X and DateExported is set.`;

/**
 * SAP and ZFT leave out what an earlier export already flagged X (docs/dev/architecture.md#domain-decisions); the Export panel
 * says how many and how to include them.
 */
export const exportedRowsSkipped = (n: number): string =>
  `Left out ${n.toLocaleString('de-AT')} already exported ${n === 1 ? 'analysis' : 'analyses'} (first flag X). To export them again, filter aFlags by X.`;

// ---- Selection card ----------------------------------------------------------------------------
// The spec gives no wording for these confirmations.

/** The question before Clear all. */
export const clearSelectionText = (n: number): string => `Remove all ${n} items from the selection?`;

/** The question before 'Select All filtered Elements' adds them. */
export const selectAllFilteredText = (n: number): string =>
  `Add all ${n} filtered elements to the selection?`;

/**
 * What a screen reader hears when rows of a table are ticked or unticked (in React Aria's words for
 * its collections): the one row just ticked, else how many rows of the page are ticked.
 */
export const tableSelectionAnnouncement = (added: readonly string[], tickedOnPage: number): string =>
  added.length === 1
    ? `${added[0]} selected.`
    : tickedOnPage === 0
      ? 'No items selected.'
      : `${tickedOnPage} ${tickedOnPage === 1 ? 'item' : 'items'} selected.`;

// ---- Boxes page (docs/dev/product-rules.md#screens Boxes, docs/dev/product-rules.md#behaviour Box positions) ----------------------------------------------
// The spec has no wording for these refusals and for a scan's result; they name the position as
// boxPos does ('<bId>/<boxPosId>', docs/dev/architecture.md#api-contract).

export const boxNotFound = (bId: Id): string => `Error occurred, bId#${bId} was not found!`;
export const boxPositionNotFound = (boxPos: Id): string =>
  `Error occurred, boxPosition#${boxPos} was not found!`;
/** A sample sits in at most one position; placing it again names where it is. */
export const sampleAlreadyBoxed = (sampleId: Id, boxPos: string): string =>
  `Error occurred, SampleId#${sampleId} is already in box position ${boxPos}!`;
export const boxIsFull = (bId: Id, numMax: number): string =>
  `Error occurred, bId#${bId} is full: it holds at most ${numMax} positions!`;
export const sampleTwiceInList = (sampleId: Id): string =>
  `Error occurred, SampleId#${sampleId} appears twice in the list!`;
/** A position list sent for one box names another. */
export const positionOfOtherBox = (bId: Id): string => `Every position must belong to bId#${bId}!`;
/** The scan announcement: where the sample went. */
export const samplePlaced = (sampleId: Id, boxPos: string): string =>
  `SampleId#${sampleId} was placed in ${boxPos}!`;
export const NO_BOX_SELECTED = 'Select a box first, then scan!';
export const UNSAVED_BOX_POSITIONS = 'The box positions have unsaved changes. Leave without saving them?';
export const DISCARD_BOX_POSITIONS =
  'The box positions have unsaved changes. Throw them away and reload the box?';
/** The palette's export of box positions before a box is shown. */
export const NO_BOX_TO_EXPORT = 'Select a box first, then export its positions!';
export const numMaxBelowCount = (bId: Id, count: number): string =>
  `Error occurred, bId#${bId} holds ${count} positions: MaxPositions cannot be less!`;

/** A view met a campaign setting that changed under it again and again (it is retried a few times first). */
export const CAMPAIGN_CHANGING = 'The campaign setting is being changed; please try again.';

/**
 * A row in edit that changed elsewhere since it was loaded (docs/dev/architecture.md#change-events):
 * said before Save, which the server would refuse (409) and answer by loading their change.
 */
export const changedWhileEditing = (key: RecordKey, id: Id): string =>
  `${key}#${id} was changed by someone else since you began editing it: Save will be refused and show their change.`;
/**
 * A row in edit whose record was deleted elsewhere (docs/dev/architecture.md#change-events; known
 * by the server's 404 to the row, not by the list alone): the edit ends and its draft is dropped.
 */
export const deletedWhileEditing = (key: RecordKey, id: Id): string =>
  `${key}#${id} was deleted by someone else while you were editing it; your changes were not saved.`;

/** The note on a list while the change stream is down: the refresh timer stands in, or nothing does. */
export const liveUpdatesOff = (refreshSeconds: number): string =>
  refreshSeconds > 0
    ? `Live updates are off: the list reloads every ${refreshSeconds} s.`
    : 'Live updates are off: set a refresh time or reload to see changes made elsewhere.';
