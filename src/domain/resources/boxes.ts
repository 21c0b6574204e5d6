// The Boxes resource (docs/dev/product-rules.md#records): registered in ./index.ts.
import { BOXES_REGISTRY } from '../columns/boxes';
import type { Box } from '../entities/box';
import type { ResourceDescriptor } from './types';

export const BOXES_RESOURCE = {
  name: 'boxes',
  registry: BOXES_REGISTRY,
  recordKey: 'bId',
  auditEntity: 'box',
  rowNoun: { one: 'box', many: 'boxes' },
  draftLabel: (draft) => String(draft.bId ?? ''),
  // Its CSV and PDF are the positions' own (routes/boxes), not the export jobs.
  fileExports: false,
  flaggingExports: false,
  selection: false,
  persistentNotifications: false,
} as const satisfies ResourceDescriptor<Box>;
