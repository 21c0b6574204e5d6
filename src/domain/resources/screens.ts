// The Screens resource (docs/dev/product-rules.md#records Screen, ScreenItem): registered in ./index.ts. Its XLSX and ZFT are
// per screen (GET /screens/{scrId}/export/{type}), not the list export jobs.
import { SCREENS_REGISTRY } from '../columns/screens';
import type { Screen } from '../entities/screen';
import type { ResourceDescriptor } from './types';

export const SCREENS_RESOURCE = {
  name: 'screens',
  registry: SCREENS_REGISTRY,
  recordKey: 'scrId',
  auditEntity: 'screen',
  rowNoun: { one: 'screen', many: 'screens' },
  draftLabel: (draft) => String(draft.name ?? ''),
  fileExports: false,
  flaggingExports: false,
  selection: false,
  persistentNotifications: false,
} as const satisfies ResourceDescriptor<Screen>;
