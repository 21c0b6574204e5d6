// config.ts restrictTreeToOwner: the walk over the data dir that takes group and other bits off
// what PGlite created with 0666. It runs while the database works, so an entry gone by the time
// the walk reaches it is skipped, not an error.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { restrictTreeToOwner } from '../../src/server/config';

const root = mkdtempSync(join(tmpdir(), 'labdesk-restrict-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const mode = (path: string): number => statSync(path).mode & 0o777;

it('takes group and other bits off every directory and file of the tree', async () => {
  const dir = join(root, 'tree', 'db', 'base');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, '1259');
  writeFileSync(file, 'x');
  chmodSync(file, 0o666);
  chmodSync(dir, 0o755);
  await restrictTreeToOwner(join(root, 'tree'));
  expect(mode(file)).toBe(0o600);
  expect(mode(dir)).toBe(0o700);
});

it('skips an entry that is gone by the time the walk reaches it', async () => {
  await expect(restrictTreeToOwner(join(root, 'gone'))).resolves.toBeUndefined();
});
