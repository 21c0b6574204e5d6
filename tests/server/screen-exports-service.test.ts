// The ZFT of a screen (services/screen-exports.ts) records what it flagged: screens.test.ts checked
// the file and the flags, not the audit event, whose key names the file and whose after names the
// export, the screen and the rows (found by the mutation run of the file,
// docs/dev/mutation-scores.md). Fails with the key, 'zft' or the after emptied, planted by hand.
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from './harness';
import { fileUpload } from './support/multipart';

const h = useHarness();
let admin = '';

const upload = (fileName: string, content: string) =>
  h.request({ method: 'POST', url: '/api/screens/upload', token: admin, ...fileUpload(fileName, content) });

beforeAll(async () => {
  admin = await h.tokenFor('ROLE_ADMIN');
});

describe('screen ZFT', () => {
  it('records the flagging under the file name, with the export, the screen and the rows', async () => {
    const sample = { sId: '7801', sStamp: '2026-09-01 06:00:00' };
    await h.db.insertInto('sample').values(sample).execute();
    await h.db
      .insertInto('analysis')
      .values({ ...sample, aFlags: '-----', pol: 17 })
      .execute();
    expect((await upload('s.csv', 'ScreenNumber;SampleID;ItemName\n780;7801;Grower\n')).statusCode).toBe(200);
    const { scrId } = await h.db
      .selectFrom('screen')
      .select('scrId')
      .where('name', '=', '780')
      .executeTakeFirstOrThrow();
    const res = await h.request({ method: 'GET', url: `/api/screens/${scrId}/export/zft`, token: admin });
    expect(res.statusCode, res.body).toBe(200);
    const fileName = /filename="([^"]+)"/.exec(String(res.headers['content-disposition']))![1]!;
    const events = await h.db
      .selectFrom('auditEvent')
      .select(['entity', 'entityKey', 'after'])
      .where('entityKey', 'like', 'export:%')
      .execute();
    expect(events).toEqual([
      {
        entity: 'analysis',
        entityKey: `export:${fileName}`,
        after: expect.objectContaining({ export: 'zft', scrId, rows: 1 }),
      },
    ]);
  });
});
