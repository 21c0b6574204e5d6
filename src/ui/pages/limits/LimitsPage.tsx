// Value Limits (docs/dev/product-rules.md#screens, docs/dev/product-rules.md#field-rules Limits): one row per limit with info, minimum, maximum and last-modified
// time; admins edit every row at once and Update sends the changed ones (batch update machine).
import { useCallback } from 'react';
import { getLimits, updateLimit } from '../../../api/config';
import { limitBatch, limitWriteOf, type Draft } from '../../../domain/configBatch';
import type { Limit } from '../../../domain/entities/limit';
import type { DataColumn } from '../../components/DataTable';
import { Page } from '../../components/Page';
import { useAuth } from '../../state';
import { BatchActions, BatchTable } from './BatchActions';
import { useBatchPaletteActions, useConfigBatch, type ConfigBatch } from './useConfigBatch';
import './config.css';

const COLUMNS: DataColumn<Limit>[] = [
  { id: 'name', header: 'Name', accessor: (l) => l.name, width: 90 },
  { id: 'info', header: 'Info', accessor: (l) => l.info, editable: true, width: 260 },
  { id: 'min', header: 'Minimum', accessor: (l) => l.min, editable: true, numeric: true, width: 130 },
  { id: 'max', header: 'Maximum', accessor: (l) => l.max, editable: true, numeric: true, width: 130 },
  { id: 'lastModified', header: 'Last modified', accessor: (l) => l.lastModified, width: 170 },
];

export function LimitsPage() {
  const { http, isAdmin } = useAuth();
  const load = useCallback(() => getLimits(http), [http]);
  const save = useCallback((row: Limit, draft: Draft) => updateLimit(http, limitWriteOf(row, draft)), [http]);
  const batch = useConfigBatch({ kind: limitBatch, page: 'limits', load, save });
  useBatchPaletteActions(batch as ConfigBatch<unknown>, 'Value Limits', 'limits', isAdmin);
  return (
    <Page
      title="Value Limits"
      actions={<BatchActions batch={batch as ConfigBatch<unknown>} isAdmin={isAdmin} />}
    >
      <BatchTable batch={batch} label="Value limits" columns={COLUMNS} isAdmin={isAdmin} />
    </Page>
  );
}
