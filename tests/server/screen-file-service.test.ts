// The screen file reading of services/screen-file.ts that screens.test.ts did not check (read from
// the code during the file's mutation run, docs/dev/mutation-scores.md): a file that is not UTF-8 and
// a file the CSV reader cannot read are refused with their own messages, the latter naming its line.
// Each test fails with the bug it guards planted by hand.
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from './harness';
import { fileUpload } from './support/multipart';

const h = useHarness();
let admin = '';

const upload = (fileName: string, content: Buffer) =>
  h.request({ method: 'POST', url: '/api/screens/upload', token: admin, ...fileUpload(fileName, content) });
const HEADER = 'ScreenNumber;SampleID;ItemName';

beforeAll(async () => {
  admin = await h.tokenFor('ROLE_ADMIN');
});

describe('screen files the reader refuses', () => {
  it('refuses a file that is not UTF-8', async () => {
    const res = await upload('latin1.csv', Buffer.from(`${HEADER}\n700;7301;Müller\n`, 'latin1'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Error occurred, file latin1.csv was not imported!',
      errors: ['The file must be UTF-8 text'],
    });
  });

  it('refuses a file the CSV reader cannot read, naming the line', async () => {
    const res = await upload('quote.csv', Buffer.from(`${HEADER}\n700;7301;ok\n700;7302;"open\n`));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Error occurred, file quote.csv was not imported!',
      errors: ['Line 3: The file is not readable as ;-separated text'],
    });
  });
});
