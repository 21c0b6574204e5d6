// The Analysis resource (docs/dev/product-rules.md#records): registered in ./index.ts.
import { ANALYSIS_REGISTRY } from '../columns/analysis';
import type { Analysis } from '../entities/analysis';
import type { ResourceDescriptor } from './types';

export const ANALYSIS_RESOURCE = {
  name: 'analysis',
  registry: ANALYSIS_REGISTRY,
  recordKey: 'aId',
  auditEntity: 'analysis',
  rowNoun: { one: 'analysis', many: 'analyses' },
  // A new analysis has no aId yet (messages.ts notCreatedBecause names it by its sample).
  draftLabel: (draft) => String(draft.aId ?? ''),
  fileExports: true,
  flaggingExports: true,
  selection: true,
  persistentNotifications: true,
} as const satisfies ResourceDescriptor<Analysis>;
