// A file upload as the browser sends it (multipart/form-data with one part named 'file'), for the
// tests that upload through the API without testing the multipart parsing itself.
const BOUNDARY = '----labdesk-test-upload';

/** The headers and body of a form that uploads `content` as the file `filename`. */
export const fileForm = (filename: string, content: string) => ({
  headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  payload: Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      `Content-Type: text/csv\r\n\r\n${content}\r\n--${BOUNDARY}--\r\n`,
  ),
});
