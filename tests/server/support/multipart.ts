// A one-file multipart body as the browser's upload sends it (field "file", text/csv).
const BOUNDARY = '----labdesk-test-upload-boundary';

export const fileUpload = (fileName: string, content: string | Buffer) => ({
  headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  payload: Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    typeof content === 'string' ? Buffer.from(content) : content,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]),
});
