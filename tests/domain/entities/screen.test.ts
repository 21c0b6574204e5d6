// The Screens calls' bodies and answers (src/domain/entities/screen.ts, docs/dev/product-rules.md#calls
// Screens): what the browser keeps of each answer (zod drops the fields a schema does not name, so
// a field left out of a schema is a field the page never shows) and what an edit must carry.
import { describe, expect, it } from 'vitest';
import * as Sc from '../../../src/domain/entities/screen';
import { VERSION_MESSAGE } from '../../../src/domain/messages';

const screen = { scrId: 3, name: '12', comment: 'Feld 4', dateCreated: '2025-10-01 06:00:00', version: 2 };

/** The fields an answer or a body is refused on, with their messages. */
const refusals = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.success ? [] : (r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

describe('Screens answers as the page reads them', () => {
  it('the screens list keeps every field of a screen', () => {
    const view = Sc.screensViewSchema.parse({
      screens: [screen],
      totalPages: 1,
      totalItems: 1,
      currentPage: 0,
    });
    expect(view.screens).toEqual([screen]);
    expect(
      Sc.screensViewSchema.safeParse({
        screens: [{ ...screen, scrId: '3' }],
        totalPages: 1,
        totalItems: 1,
        currentPage: 0,
      }).success,
    ).toBe(false);
  });

  it("a create's or an edit's answer: the message the page shows and the screen's id", () => {
    const answer = { message: 'scrId#3 was created successfully!', scrId: 3 };
    expect(Sc.screenWriteResultSchema.parse(answer)).toEqual(answer);
    expect(Sc.screenWriteResultSchema.safeParse({ message: answer.message }).success).toBe(false);
  });

  it("an upload's answer: the message and each screen with its item count", () => {
    const answer = {
      message: 'File s12.txt was uploaded successfully!',
      fileName: 's12.txt',
      screens: [{ scrId: 3, name: '12', created: true, items: 40, changedItems: 40 }],
      lines: 41,
    };
    expect(Sc.screenUploadResultSchema.parse(answer)).toEqual(answer);
    const { items: _items, ...withoutCount } = answer.screens[0]!;
    expect(Sc.screenUploadResultSchema.safeParse({ ...answer, screens: [withoutCount] }).success).toBe(false);
  });

  it("a transfer's answer: the message and how many samples changed", () => {
    const answer = { message: 'scrId#3 was updated successfully!', scrId: 3, changed: 40 };
    expect(Sc.screenTransferResultSchema.parse(answer)).toEqual(answer);
    expect(Sc.screenTransferResultSchema.safeParse({ message: answer.message, scrId: 3 }).success).toBe(
      false,
    );
  });
});

describe('Screens bodies', () => {
  it('an edit names the version it started from, on the version field', () => {
    const body = { name: '12', comment: null, dateCreated: null };
    expect(refusals(Sc.screenUpdateSchema.safeParse(body))).toEqual([['version', VERSION_MESSAGE]]);
    expect(Sc.screenUpdateSchema.parse({ ...body, version: 2 })).toEqual({ ...body, version: 2 });
    // A create starts the screen at its first version: no version asked for.
    expect(refusals(Sc.screenWriteSchema.safeParse(body))).toEqual([]);
  });
});
