// POST /api/screens/upload (docs/dev/product-rules.md#calls, admin): multipart with one field `file`, a screen file
// (docs/screens.md); one file, 5 MB at most (http/upload.ts: the route shape every import's upload shares).
import { screenUploadResultSchema } from '../../../domain/entities/screen';
import { uploadRoutes } from '../../http/upload';
import { hasImportExtension } from '../../services/samples-import';
import { importScreens } from '../../services/screens';

/** 50,000 lines of a long screen file are about 2.5 MB. */
export const MAX_SCREEN_FILE_BYTES = 5 * 1024 * 1024;

export const screenUploadRoutes = uploadRoutes({
  url: '/api/screens/upload',
  tags: ['screens'],
  summary:
    'Import a screen file (admin): all of it or nothing; a bad file names each bad line and why; re-importing changes nothing',
  maxBytes: MAX_SCREEN_FILE_BYTES,
  accepts: hasImportExtension,
  result: screenUploadResultSchema,
  importFile: importScreens,
});
