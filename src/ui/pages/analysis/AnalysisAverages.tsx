// The averages of the measured columns on Analysis, shown when more than one item matches (docs/dev/product-rules.md#screens).
import type { Analysis } from '../../../domain/entities/analysis';
import { formatCell } from '../../components/DataTable';
import type { ListView } from '../../components/ListScreen';
import { AVERAGE_COLUMNS } from './columns';

export function AnalysisAverages({ view }: { view: ListView<Analysis> }) {
  if (!view.average || view.totalItems <= 1) return null;
  const average = view.average;
  return (
    <dl className="analysis-averages" aria-label="Averages">
      {AVERAGE_COLUMNS.map((c) => (
        <div key={c.id} className="analysis-average">
          <dt>Ø {c.header}</dt>
          <dd>{formatCell(average[c.key], true, 2) || '–'}</dd>
        </div>
      ))}
    </dl>
  );
}
