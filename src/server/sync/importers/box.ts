// The 'box' sync (docs/sync.md): boxes with their positions, one line per position (or one line
// with an empty boxPosId for an empty box). The lines of a box state its whole content: they replace
// the box's positions. The rules of the Boxes page hold (docs/dev/product-rules.md#behaviour, docs/dev/product-rules.md#field-rules): numMax 1–40, positions
// numbered consecutively from 1 and no more than numMax, a sample in at most one position — also
// across boxes: a sample that sits in a box the file does not mention is a line error, not a silent
// move. A sample the lab has not seen yet is created with the defaults, as the analysis sync does.
//
// A box's list is written as the page writes it (services/boxes-positions.ts): under the box row's
// lock, bumping the list's version when it changes. A save on the page that read the list before
// this file was imported is then refused with 409 and reloads the box, and a file imported after a
// save replaces the saved list knowingly; neither is lost without a word.
import { sql, type Kysely } from 'kysely';
import { BOX_ID_MESSAGE, NUM_MAX_MESSAGE, SID_MESSAGE, TYPE_MESSAGE } from '../../../domain/messages';
import { BOX_ID_PATTERN, NUM_MAX_MAX, NUM_MAX_MIN, SID_PATTERN } from '../../../domain/rules/fields';
import type { Database } from '../../db/database';
import { bumpPositionsVersion } from '../../repositories/boxes';
import { cellDateTime, cellInt, cellPattern, cellText, LineError } from '../csv';
import type { Importer } from './shared';

export const BOX_COLUMNS = ['bId', 'name', 'numMax', 'type', 'comment', 'boxPosId', 'sId', 'sStamp'] as const;

interface BoxLine {
  bId: string;
  name: string;
  numMax: number;
  type: number;
  comment: string | null;
  line: number;
  positions: Array<{ pos: number; sId: string; sStamp: string; line: number }>;
}

const sampleKey = (sId: string, sStamp: string) => `${sId}|${sStamp}`;

/** One checked line of a box file. */
interface BoxFileLine {
  line: number;
  bId: string;
  name: string;
  numMax: number;
  type: number;
  comment: string | null;
  position: { pos: number; sId: string; sStamp: string } | null;
}

/** The boxes of a file: each box once, with its positions checked against the Boxes page's rules. */
const boxesOf = (lines: readonly BoxFileLine[]): BoxLine[] => {
  const boxes = new Map<string, BoxLine>();
  const samples = new Map<string, number>();
  for (const l of lines) {
    let box = boxes.get(l.bId);
    if (!box) boxes.set(l.bId, (box = { ...l, line: l.line, positions: [] }));
    else if (box.name !== l.name || box.numMax !== l.numMax || box.type !== l.type || box.comment !== l.comment)
      throw new LineError(l.line, `box ${l.bId} is described differently than on line ${box.line}`);
    if (!l.position) continue;
    const { pos, sId, sStamp } = l.position;
    const key = sampleKey(sId, sStamp);
    const earlier = samples.get(key);
    if (earlier !== undefined) throw new LineError(l.line, `sample ${key} is already placed on line ${earlier}`);
    samples.set(key, l.line);
    if (box.positions.some((p) => p.pos === pos)) throw new LineError(l.line, `position ${l.bId}/${pos} is given twice`);
    box.positions.push({ pos, sId, sStamp, line: l.line });
  }
  for (const box of boxes.values()) {
    box.positions.sort((a, b) => a.pos - b.pos);
    const gap = box.positions.find((p, i) => p.pos !== i + 1);
    if (gap) throw new LineError(gap.line, `positions of box ${box.bId} must be numbered consecutively from 1`);
    if (box.positions.length > box.numMax)
      throw new LineError(box.positions[box.numMax]!.line, `box ${box.bId} holds at most ${box.numMax} positions`);
  }
  return [...boxes.values()];
};

export const boxImporter: Importer<BoxFileLine> = {
  columns: BOX_COLUMNS,
  required: ['bId', 'name', 'numMax'],
  wholeFile: true,
  line(r) {
    const bId = cellPattern(r, 'bId', BOX_ID_PATTERN, BOX_ID_MESSAGE, true)!;
    const name = cellPattern(r, 'name', BOX_ID_PATTERN, BOX_ID_MESSAGE, true)!;
    if (name.length > 20) throw new LineError(r.line, 'name is longer than 20 characters');
    const numMax = cellInt(r, 'numMax', NUM_MAX_MIN, NUM_MAX_MAX, NUM_MAX_MESSAGE);
    if (numMax === null) throw new LineError(r.line, NUM_MAX_MESSAGE);
    const type = cellInt(r, 'type', 0, 3, TYPE_MESSAGE) ?? 0;
    const comment = cellText(r, 'comment', 2000);
    const base = { line: r.line, bId, name, numMax, type, comment };
    if (r.get('boxPosId') === '') {
      if (r.get('sId') !== '' || r.get('sStamp') !== '') throw new LineError(r.line, 'boxPosId is required with a sample');
      return { ...base, position: null };
    }
    const pos = cellInt(r, 'boxPosId', 1, NUM_MAX_MAX, `boxPosId must be between 1 and ${NUM_MAX_MAX}`)!;
    const sId = cellPattern(r, 'sId', SID_PATTERN, SID_MESSAGE, true)!;
    const sStamp = cellDateTime(r, 'sStamp', true)!;
    return { ...base, position: { pos, sId, sStamp } };
  },
  async write(trx, lines) {
    const boxes = boxesOf(lines);
    if (boxes.length === 0) return 0;
    const bIds = boxes.map((b) => b.bId);
    const placed = boxes.flatMap((b) => b.positions.map((p) => ({ ...p, bId: b.bId })));
    // A sample already placed in a box this file does not describe.
    if (placed.length > 0) {
      const elsewhere = await sql<{ bId: string; boxPosId: number; sId: string; sStamp: string }>`
        select bp.b_id, bp.box_pos_id, bp.s_id, bp.s_stamp from box_position bp
        join unnest(${placed.map((p) => p.sId)}::text[], ${placed.map((p) => p.sStamp)}::timestamp[]) as u(s_id, s_stamp)
          on bp.s_id = u.s_id collate "C" and bp.s_stamp = u.s_stamp
        where bp.b_id <> all(${bIds}::text[])
        limit 1`.execute(trx);
      const hit = elsewhere.rows[0];
      if (hit) {
        const p = placed.find((x) => x.sId === hit.sId && x.sStamp === hit.sStamp)!;
        throw new LineError(p.line, `sample ${sampleKey(hit.sId, hit.sStamp)} is already in box ${hit.bId} position ${hit.boxPosId}`);
      }
      await sql`
        insert into sample (s_id, s_stamp)
        select u.s_id, u.s_stamp from unnest(${placed.map((p) => p.sId)}::text[], ${placed.map((p) => p.sStamp)}::timestamp[]) as u(s_id, s_stamp)
        on conflict do nothing`.execute(trx);
    }
    // Unchanged boxes are not rewritten (a file imported twice changes nothing).
    await sql`
      insert into box (b_id, name, num_max, type, comment)
      select * from unnest(${bIds}::text[], ${boxes.map((b) => b.name)}::text[], ${boxes.map((b) => String(b.numMax))}::smallint[],
        ${boxes.map((b) => String(b.type))}::smallint[], ${boxes.map((b) => b.comment)}::text[])
      on conflict (b_id) do update set name = excluded.name, num_max = excluded.num_max, type = excluded.type, comment = excluded.comment
      where (box.name, box.num_max, box.type, box.comment) is distinct from (excluded.name, excluded.num_max, excluded.type, excluded.comment)`.execute(
      trx,
    );
    // The boxes' rows locked in one order (writers of one box queue up; no two runs deadlock).
    await trx.selectFrom('box').select('bId').where('bId', 'in', bIds).orderBy('bId').forUpdate().execute();
    for (const box of boxes) await replacePositions(trx, box);
    return placed.length + boxes.filter((b) => b.positions.length === 0).length;
  },
};

async function replacePositions(trx: Kysely<Database>, box: BoxLine): Promise<void> {
  const stored = await trx
    .selectFrom('boxPosition')
    .select(['boxPosId', 'sId', 'sStamp'])
    .where('bId', '=', box.bId)
    .orderBy('boxPosId')
    .execute();
  const same =
    stored.length === box.positions.length &&
    stored.every((s, i) => {
      const p = box.positions[i]!;
      return s.boxPosId === p.pos && s.sId === p.sId && s.sStamp === p.sStamp;
    });
  if (same) return;
  await trx.deleteFrom('boxPosition').where('bId', '=', box.bId).execute();
  if (box.positions.length > 0)
    await trx
      .insertInto('boxPosition')
      .values(box.positions.map((p) => ({ bId: box.bId, boxPosId: p.pos, sId: p.sId, sStamp: p.sStamp })))
      .execute();
  await bumpPositionsVersion(trx, box.bId);
}
