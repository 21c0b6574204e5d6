// The label as it will print (issue: nobody wastes labels finding a typo): drawn from the same
// element list as the ZPL (domain/zpl.ts labelLayout), in printer dots, with the EAN-13 bars the
// printer's ^BE draws. Its text alternative reads the rows and the full code.
import { useId } from 'react';
import { barRuns, ean13 } from '../../../domain/ean13';
import type { LabelFields } from '../../../domain/rules/label';
import { LABEL_SIZE, labelLayout } from '../../../domain/zpl';

/** Human-readable line under the bars: ^BE's interpretation line, about a fifth of the bar height. */
const HRI_GAP = 4;

export function LabelPreview({ label }: { label: LabelFields }) {
  const titleId = useId();
  const descId = useId();
  const elements = labelLayout(label);
  const description = elements
    .map((e) => {
      if (e.kind === 'text') return `${e.row === 'first' ? 'First row' : e.row === 'second' ? 'Second row' : 'Footer'}: ${e.value}`;
      const code = ean13(e.digits);
      return code ? `Barcode EAN-13 ${code.digits}` : `Barcode: ${e.digits} (not 12 digits, will not print)`;
    })
    .join('; ');

  return (
    <figure className="label-preview">
      <svg
        role="img"
        aria-labelledby={titleId}
        aria-describedby={descId}
        viewBox={`0 0 ${LABEL_SIZE.width} ${LABEL_SIZE.height}`}
        className="label-preview-svg"
      >
        <title id={titleId}>Label preview</title>
        <desc id={descId}>{description || 'Empty label'}</desc>
        <rect x="0" y="0" width={LABEL_SIZE.width} height={LABEL_SIZE.height} rx="12" className="label-paper" />
        {elements.map((e) => {
          if (e.kind === 'text')
            return (
              <text
                key={e.row}
                x={e.x}
                y={e.y + e.height * 0.8}
                fontSize={e.height}
                className="label-text"
                data-row={e.row}
              >
                {e.value}
              </text>
            );
          const code = ean13(e.digits);
          if (!code) return null;
          const hri = Math.round(e.height / 5);
          return (
            <g key="barcode" data-row="barcode">
              {barRuns(code.modules).map(([start, width]) => (
                <rect
                  key={start}
                  x={e.x + start * e.moduleWidth}
                  y={e.y}
                  width={width * e.moduleWidth}
                  height={e.height}
                  className="label-bar"
                />
              ))}
              <text
                x={e.x + (code.modules.length * e.moduleWidth) / 2}
                y={e.y + e.height + HRI_GAP + hri}
                fontSize={hri + 4}
                textAnchor="middle"
                className="label-text label-hri"
              >
                {code.digits}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="muted">Preview as printed (203 dpi, {LABEL_SIZE.width} × {LABEL_SIZE.height} dots)</figcaption>
    </figure>
  );
}
