// The handle the page passes around: to the list view (restriction), the table (checked rows) and
// the card itself.
import type { Selection } from 'react-aria-components';
import type { Http } from '../../../api/http';
import type { ListRestriction } from '../../../domain/listQuery';
import type { SelectionQuery } from '../../../domain/query';
import type { SelectionItem } from '../../../domain/selectionItem';
import type { SelectionStatus } from '../../../machines/selection.machine';
import type { ListEntity } from '../ListScreen/types';

export type { ListEntity };

/** What a screen's resource tells its Selection card (docs/dev/product-rules.md#screens, docs/dev/product-rules.md#records saved preferences). */
export interface SelectionResource {
  /** Local-storage key of the screen's selected items. */
  storageKey: string;
  /** 'Fetch from Samples' / 'Fetch from Analysis'. */
  fetchLabel: string;
  /** The other screen's stored items, and how they become this screen's. */
  fromOther: {
    storageKey: string;
    convert(http: Http, items: SelectionItem[], signal: AbortSignal): Promise<SelectionItem[]>;
  };
}

export interface SelectionHandle {
  entity: ListEntity;
  items: SelectionItem[];
  /** What the list view restricts the table to ('Filter all'); null: no restriction. */
  restriction: ListRestriction;
  /** Row keys of the table's checked rows (aId, or 'sId|sStamp'). */
  selectedKeys: Set<string>;
  /** Checking rows adds the page's rows, unchecking removes them; other pages stay as they are. */
  onTableSelectionChange(keys: Selection, pageRows: SelectionItem[]): void;
  /** Items of the page's own (checked rows, files): all or nothing within the 1000 limit. */
  addMany(items: SelectionItem[]): void;
  /** After a delete. */
  remove(key: string): void;

  // What the card shows and sends.
  status: SelectionStatus;
  filterAll: boolean;
  filterAllSIds: boolean;
  toggleFilterAll(): void;
  toggleFilterAllSIds(): void;
  /** Asks first (the card shows the confirmation while status is 'confirmingClear'). */
  clear(): void;
  confirmClear(): void;
  cancelClear(): void;
  /**
   * A typed or scanned SampleID: queued and looked up strictly in order, each announced; a scan
   * while a lookup runs waits its turn instead of being refused or joined to the next.
   */
  addSampleId(input: string): void;
  /** SampleIDs taken but not looked up yet (0 when the queue is empty). */
  pendingIds: number;
  addFiles(files: readonly File[]): void;
  /** Analysis: 'Fetch from Samples'; Samples: 'Fetch from Analysis'. */
  fetchFromOther(): void;
  /**
   * 'Select All filtered Elements' for what the view shows now: refused above 1000, else asked
   * (status 'confirmingSelectAll', naming selectAllTotal), then fetched and added.
   */
  selectAllFiltered(total: number, query: SelectionQuery): void;
  selectAllTotal: number;
  confirmSelectAll(): void;
  cancelSelectAll(): void;
}
