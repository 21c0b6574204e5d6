// docs/dev/adding-a-resource.md: code that serves any resource reads the resource tables and never
// names a resource. This is the grep: the registered resource names (src/domain/resources)
// as words in the code (not the comments) of src/ui, src/server and src/machines, outside each
// resource's own files (a path that names the resource: routes/screens/, repositories/screens.ts,
// services/screen-exports.ts, pages/screens/, …) and the registration files below.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RESOURCES } from '../../src/domain/resources';

const ROOT = join(import.meta.dirname, '..', '..');
const SCANNED = ['src/ui', 'src/server', 'src/machines'];

/** Registration: one line (or one entry) per resource, and nothing else about them. */
const REGISTRATION = new Set([
  'src/server/resources.ts',
  'src/ui/pages/resourcePages.ts',
  // The database's tables, one line each, and the migrations as they ran (never edited).
  'src/server/db/database.ts',
]);

/**
 * Parts built over named resources that other work owns (reports over analyses, the sync's
 * instrument files, the backup's table list, the demo data of each resource): not shared code that
 * serves any resource, and outside this issue. Listed so that the list can only shrink.
 */
const OUTSIDE = [
  'src/server/db/migrations/',
  'src/server/demo/',
  'src/server/sync/',
  'src/server/backup/',
  'src/server/repositories/reports.ts',
  'src/server/routes/reports.ts',
  // The audit page's filter shows a record kind as its example.
  'src/ui/pages/audit/',
];

const names = Object.values(RESOURCES).map((r) => r.name);
/** A resource's own files: a path that names it, in any spelling ('screen-file.ts', 'ScreensPage.tsx'). */
const stems = Object.values(RESOURCES).flatMap((r) => [r.name, r.auditEntity, r.rowNoun.one, r.rowNoun.many]);
const ownFile = (path: string): boolean => {
  const lower = path.toLowerCase();
  return stems.some((stem) => lower.includes(stem.toLowerCase()));
};

const files = (dir: string): string[] =>
  readdirSync(join(ROOT, dir)).flatMap((entry) => {
    const path = `${dir}/${entry}`;
    if (statSync(join(ROOT, path)).isDirectory()) return files(path);
    return /\.(ts|tsx)$/.test(entry) ? [path] : [];
  });

/** The code of a file without its comments (line and block), strings kept. */
const code = (text: string): string[] =>
  text
    .replace(/\/\*[\s\S]*?\*\//g, (m) => m.replace(/[^\n]/g, ' '))
    .split('\n')
    .map((line) => line.replace(/(^|[^:'"`\\])\/\/.*$/, '$1'));

export const offenders = (paths: readonly string[], read: (path: string) => string): string[] => {
  const word = new RegExp(`\\b(${names.join('|')})\\b`);
  return paths
    .filter((p) => !ownFile(p) && !REGISTRATION.has(p) && !OUTSIDE.some((o) => p.startsWith(o)))
    .flatMap((p) =>
      code(read(p)).flatMap((line, i) => (word.test(line) ? [`${p}:${i + 1}: ${line.trim()}`] : [])),
    );
};

describe('resource names outside their own files', () => {
  it('scans the registered names', () => {
    expect(names).toEqual(expect.arrayContaining(['analysis', 'samples', 'boxes', 'screens']));
  });

  it('a name in shared code is found (the check can fail)', () => {
    const planted = { 'src/server/views/sql.ts': "case 'screens':\n// screens in a comment\n" };
    expect(offenders(Object.keys(planted), (p) => planted[p as keyof typeof planted])).toEqual([
      "src/server/views/sql.ts:1: case 'screens':",
    ]);
  });

  it('no shared code in src/ui, src/server or src/machines names a resource', () => {
    const all = SCANNED.flatMap(files).map((p) => relative(ROOT, join(ROOT, p)));
    expect(offenders(all, (p) => readFileSync(join(ROOT, p), 'utf8'))).toEqual([]);
  });
});
