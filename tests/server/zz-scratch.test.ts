import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { useHarness } from './harness';
const source = mkdtempSync(join(tmpdir(), 'labdesk-sync-'));
const h = useHarness({ config: { syncSource: source }, sync: { settleMs: 0 } });
it('same stamp', async () => {
  const dir = join(source, 'analysis');
  mkdirSync(dir, { recursive: true });
  for (let k = 0; k < 3; k++) {
    const lines = ['sId;sStamp;dateIn;pol'];
    for (let i = 0; i < 30000; i++) lines.push(`${9500000000000 + i};2026-10-01 06:00:00;2026-10-01 07:00:00;${15 + ((i + k) % 100) / 100}`);
    writeFileSync(join(dir, `f${k}.csv`), lines.join('\n') + '\n');
    utimesSync(join(dir, `f${k}.csv`), new Date(0), new Date(0));
    const t = performance.now();
    const { done } = await h.app.sync.start('Analysis');
    const o = await done;
    process.stderr.write(`run ${k}: ${((performance.now() - t) / 1000).toFixed(2)}s ${o.ran ? o.run.log.join(' | ') : ''}\n`);
  }
  expect(1).toBe(1);
}, 600000);
