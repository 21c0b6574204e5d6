// The Selection card of Analysis and Samples (CONTRACT: useSelection + SelectionCard).
export { SelectionCard, type SelectionCardProps } from './SelectionCard';
export { useSelection } from './useSelection';
export type { ListEntity, SelectionHandle } from './types';
