import './ListScreen.css';
export { useListView, type ListView, type ListViewOptions, type FetchListPage } from './useListView';
export { useListScreen, type ListScreen, type ListScreenOptions } from './useListScreen';
export { ListScreenActions, ListStatus, ListFilterPanel } from './ListScreenParts';
export type { ListEntity } from './types';
