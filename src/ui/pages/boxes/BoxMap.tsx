// The box map (issue 'box map'): the box's numMax slots as a grid, filled or empty, beside the
// positions table. One slot is in the tab order; the arrow keys, Home and End move between slots
// (a roving tab index, the ARIA grid pattern); Enter, Space or a click chooses a filled slot and
// focuses its row in the table. Each slot's name says its number and sample
// ('Position 7: 4006381000011, 2025-10-02 07:00:00'); filled and empty differ by a sign, not only colour.
import { useRef, useState, type KeyboardEvent } from 'react';
import { boxSlotLabel } from '../../../domain/boxPositions';
import type { BoxPosition } from '../../../domain/entities/boxPosition';

export const MAP_COLUMNS = 8;

export interface BoxMapProps {
  bId: string;
  numMax: number;
  positions: readonly BoxPosition[];
  onChoose: (position: BoxPosition) => void;
}

export function BoxMap({ bId, numMax, positions, onChoose }: BoxMapProps) {
  const [active, setActive] = useState(0);
  const refs = useRef<(HTMLDivElement | null)[]>([]);
  const slots = Array.from({ length: numMax }, (_, i) => positions[i] ?? null);
  const rows = Array.from({ length: Math.ceil(numMax / MAP_COLUMNS) }, (_, r) =>
    slots.slice(r * MAP_COLUMNS, (r + 1) * MAP_COLUMNS),
  );
  const current = Math.min(active, numMax - 1);

  const move = (to: number) => {
    const next = Math.max(0, Math.min(numMax - 1, to));
    setActive(next);
    refs.current[next]?.focus();
  };
  const onKeyDown = (e: KeyboardEvent, i: number) => {
    const step: Record<string, number> = {
      ArrowRight: 1,
      ArrowLeft: -1,
      ArrowDown: MAP_COLUMNS,
      ArrowUp: -MAP_COLUMNS,
    };
    if (e.key in step) move(i + step[e.key]!);
    else if (e.key === 'Home') move(e.ctrlKey ? 0 : i - (i % MAP_COLUMNS));
    else if (e.key === 'End')
      move(e.ctrlKey ? numMax - 1 : Math.min(numMax - 1, i - (i % MAP_COLUMNS) + MAP_COLUMNS - 1));
    else if (e.key === 'Enter' || e.key === ' ') {
      const p = slots[i];
      if (p) onChoose(p);
    } else return;
    e.preventDefault();
  };

  return (
    <div
      role="grid"
      aria-label={`Box map of ${bId}`}
      className="box-map"
      aria-rowcount={rows.length}
      aria-colcount={MAP_COLUMNS}
    >
      {rows.map((row, r) => (
        <div role="row" key={r} className="box-map-row" aria-rowindex={r + 1}>
          {row.map((p, c) => {
            const i = r * MAP_COLUMNS + c;
            const sample = p ? p.sample.sampleId : null;
            return (
              <div
                key={i}
                ref={(el) => {
                  refs.current[i] = el;
                }}
                role="gridcell"
                aria-colindex={c + 1}
                aria-label={boxSlotLabel(i + 1, sample)}
                tabIndex={i === current ? 0 : -1}
                className="box-map-slot"
                data-filled={p ? '' : undefined}
                onFocus={() => setActive(i)}
                onKeyDown={(e) => onKeyDown(e, i)}
                onClick={() => {
                  setActive(i);
                  if (p) onChoose(p);
                }}
              >
                <span aria-hidden="true" className="box-map-number">
                  {i + 1}
                </span>
                <span aria-hidden="true" className="box-map-sign">
                  {p ? '●' : '○'}
                </span>
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}
