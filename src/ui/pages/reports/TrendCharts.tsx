// Beyond the spec: a small chart per measured value of its daily average across the chosen lab
// days, because a trend is read faster than lines of numbers. Each chart is a labelled SVG (role
// img, its title and a text summary); the numbers themselves are in the table below the charts.
import { useId } from 'react';
import { AVERAGED_FIELDS, type AveragedField } from '../../../domain/constants';
import { formatDecimal } from '../../../domain/numberFormat';
import type { DayStats } from '../../../domain/reports';
import { REPORT_VALUE_NAMES } from '../../../domain/reports';

const W = 220;
const H = 84;
const PAD = { left: 6, right: 6, top: 10, bottom: 10 };

const fmt = (n: number): string => formatDecimal(n, 2);

function Trend({ field, days }: { field: AveragedField; days: readonly DayStats[] }) {
  const titleId = useId();
  const descId = useId();
  const points = days.flatMap((d) => {
    const s = d.values[field];
    return s ? [{ day: d.day, avg: s.avg }] : [];
  });
  if (points.length === 0) return null;
  const values = points.map((p) => p.avg);
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const span = hi - lo || 1;
  const x = (i: number) =>
    points.length === 1 ? W / 2 : PAD.left + (i * (W - PAD.left - PAD.right)) / (points.length - 1);
  const y = (v: number) => (hi === lo ? H / 2 : PAD.top + ((hi - v) * (H - PAD.top - PAD.bottom)) / span);
  const name = REPORT_VALUE_NAMES[field];
  const first = points[0]!;
  const last = points.at(-1)!;
  const summary =
    points.length === 1
      ? `${name} ${fmt(first.avg)} on ${first.day}.`
      : `${name} from ${fmt(first.avg)} on ${first.day} to ${fmt(last.avg)} on ${last.day}; lowest ${fmt(lo)}, highest ${fmt(hi)}.`;
  return (
    <figure className="trend">
      <figcaption className="trend-name">{name}</figcaption>
      <svg role="img" aria-labelledby={titleId} aria-describedby={descId} viewBox={`0 0 ${W} ${H}`} className="trend-svg">
        <title id={titleId}>{`${name} daily average`}</title>
        <desc id={descId}>{summary}</desc>
        <line x1={0} x2={W} y1={y(lo)} y2={y(lo)} className="trend-grid" />
        <line x1={0} x2={W} y1={y(hi)} y2={y(hi)} className="trend-grid" />
        <polyline points={points.map((p, i) => `${x(i)},${y(p.avg)}`).join(' ')} className="trend-line" />
        {points.map((p, i) => (
          <circle key={p.day} cx={x(i)} cy={y(p.avg)} r={3} className="trend-dot" />
        ))}
      </svg>
      <p className="trend-range muted" aria-hidden="true">
        {fmt(lo)} – {fmt(hi)}
      </p>
    </figure>
  );
}

export function TrendCharts({ days }: { days: readonly DayStats[] }) {
  const shown = AVERAGED_FIELDS.filter((f) => days.some((d) => d.values[f]));
  if (shown.length === 0) return null;
  return (
    <section className="trends" aria-label="Daily averages">
      <div className="trend-grid-list">
        {shown.map((f) => (
          <Trend key={f} field={f} days={days} />
        ))}
      </div>
      <table className="trend-table">
        <caption>Daily averages per lab day</caption>
        <thead>
          <tr>
            <th scope="col">Lab day</th>
            {shown.map((f) => (
              <th key={f} scope="col">
                {REPORT_VALUE_NAMES[f]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {days
            .filter((d) => d.analysesDone > 0)
            .map((d) => (
              <tr key={d.day}>
                <th scope="row">{d.day}</th>
                {shown.map((f) => {
                  const s = d.values[f];
                  return <td key={f}>{s ? fmt(s.avg) : '–'}</td>;
                })}
              </tr>
            ))}
        </tbody>
      </table>
    </section>
  );
}
