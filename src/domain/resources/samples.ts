// The Samples resource (docs/dev/product-rules.md#records): registered in ./index.ts.
import { SAMPLES_REGISTRY } from '../columns/samples';
import type { Sample } from '../entities/sample';
import type { ResourceDescriptor } from './types';

export const SAMPLES_RESOURCE = {
  name: 'samples',
  registry: SAMPLES_REGISTRY,
  recordKey: 'sId',
  auditEntity: 'sample',
  rowNoun: { one: 'sample', many: 'samples' },
  // Spec docs/dev/product-rules.md#messages names a sample by 'sId|sStamp'.
  draftLabel: (draft) => `${String(draft.sId ?? '')}|${String(draft.sStamp ?? '')}`,
  fileExports: true,
  flaggingExports: false,
  selection: true,
  persistentNotifications: true,
} as const satisfies ResourceDescriptor<Sample>;
