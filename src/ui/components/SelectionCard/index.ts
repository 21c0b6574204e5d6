// The Selection card of Analysis and Samples.
export { SelectionCard, type SelectionCardProps } from './SelectionCard';
export { useSelection } from './useSelection';
export type { ListEntity, SelectionHandle } from './types';
