// Reload and Update of a batch-edited page (docs/dev/product-rules.md#screens Limits, Settings, Synchronization) and its table.
// The rows' field messages are collected and shown in the snackbar (docs/dev/product-rules.md#field-rules; the batch machine's
// reportFieldErrors), not in a list of their own.
import type { CSSProperties } from 'react';
import { NO_DATA } from '../../../domain/messages';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { LiveUpdates } from '../../components/ListScreen/LiveUpdates';
import { Button } from '../../kit';
import { PAGE_SHORTCUTS } from '../../shortcuts/list';
import type { ConfigBatch } from './useConfigBatch';

export function BatchActions({ batch, isAdmin }: { batch: ConfigBatch<unknown>; isAdmin: boolean }) {
  return (
    <div className="config-actions">
      <Button onPress={batch.reload} isDisabled={batch.busy} aria-keyshortcuts={PAGE_SHORTCUTS.load.ariaKeyShortcuts}>
        Reload
      </Button>
      {isAdmin ? (
        <Button
          variant="primary"
          onPress={batch.update}
          isDisabled={!batch.canUpdate}
          aria-keyshortcuts={PAGE_SHORTCUTS.update.ariaKeyShortcuts}
        >
          Update
        </Button>
      ) : null}
    </div>
  );
}

/** The table's height follows its few rows (config.css): no empty scroll area under four entries. */
export const tableHeight = (rows: number, rowHeight: string): CSSProperties =>
  ({ '--rows': Math.max(rows, 1), '--row-height': rowHeight }) as CSSProperties;

/**
 * The messages and the batch-edited table of a configuration page (Limits, Settings), rows by name;
 * rows changed elsewhere marked, and said in a polite live region.
 */
export function BatchTable<R extends { name: string }>({
  batch,
  label,
  columns,
  isAdmin,
}: {
  batch: ConfigBatch<R>;
  label: string;
  columns: readonly DataColumn<R>[];
  isAdmin: boolean;
}) {
  return (
    <>
      <LiveUpdates view={batch} />
      <div className="config-table" style={tableHeight(batch.rows.length, '44px')}>
        <DataTable
          label={label}
          columns={columns}
          rows={batch.rows}
          getRowId={rowName}
          emptyText={NO_DATA}
          loading={batch.busy}
          markedRows={batch.markedRows}
          rowHeight={44}
          batch={isAdmin ? batch.batch : undefined}
        />
      </div>
    </>
  );
}

const rowName = (row: { name: string }): string => row.name;
