// Hands a downloaded Blob to the browser as a file: an object URL on a temporary anchor with the
// `download` name the server chose. The URL is revoked a little later, because Chromium may still
// read it after the click returns.
import type { DownloadedFile } from '../../../api/exports';

const REVOKE_AFTER_MS = 60_000;

export function saveFile({ blob, fileName }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  anchor.hidden = true;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
