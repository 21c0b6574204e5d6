// The resource table: every resource registers here with one line (its descriptor lives in its
// own file beside this one). The kinds of resources other code serves — those with row edit, file
// exports or a selection — are derived from the descriptors, never listed by hand.
import { ANALYSIS_RESOURCE } from './analysis';
import { BOXES_RESOURCE } from './boxes';
import { SAMPLES_RESOURCE } from './samples';
import { SCREENS_RESOURCE } from './screens';
import type { ResourceDescriptor } from './types';

export type { ResourceDescriptor } from './types';

export const RESOURCES = {
  analysis: ANALYSIS_RESOURCE,
  samples: SAMPLES_RESOURCE,
  boxes: BOXES_RESOURCE,
  screens: SCREENS_RESOURCE,
} as const satisfies Record<string, ResourceDescriptor<never>>;

type Table = typeof RESOURCES;
export type ResourceName = keyof Table;

/** The resources whose descriptor declares `flag: true`. */
type With<Flag extends 'fileExports' | 'selection'> = {
  [K in ResourceName]: Table[K][Flag] extends true ? K : never;
}[ResourceName];

/** Resources whose list exports through the export jobs. */
export type ExportingResource = With<'fileExports'>;
/** Resources that take a selection. */
export type SelectionResource = With<'selection'>;

/** A resource's descriptor by name, for code that serves any resource. */
export const resourceOf = (name: ResourceName): ResourceDescriptor<never> => RESOURCES[name];
