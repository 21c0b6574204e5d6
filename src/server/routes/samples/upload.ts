// POST /api/samples/upload (docs/dev/product-rules.md#calls, admin): multipart with one field `file`, a CSV in the layout of
// docs/sample-import.md; one file, 5 MB at most (http/upload.ts: the route shape every import's upload shares).
import { sampleImportSummarySchema } from '../../../domain/entities/sample';
import { MALFORMED, NO_FILE, UPLOAD_FIELD, WRONG_TYPE, tooLarge, uploadRoutes } from '../../http/upload';
import { hasImportExtension, importSamples, MAX_IMPORT_BYTES } from '../../services/samples-import';

export const TOO_LARGE = tooLarge(MAX_IMPORT_BYTES);
export { MALFORMED, NO_FILE, UPLOAD_FIELD, WRONG_TYPE };

export const sampleUploadRoutes = uploadRoutes({
  url: '/api/samples/upload',
  tags: ['samples'],
  summary: 'Import samples from a CSV file (admin): all rows or none',
  maxBytes: MAX_IMPORT_BYTES,
  accepts: hasImportExtension,
  result: sampleImportSummarySchema,
  importFile: importSamples,
});
