import './ListScreen.css';
export { useListView, type ListView, type ListViewOptions, type FetchListPage } from './useListView';
export { useListScreen, type ListScreen, type ListScreenOptions } from './useListScreen';
export { ListScreenActions, ListStatus, ListFilterPanel } from './ListScreenParts';
export { ListScreenPage, type ListScreenConfig, type ListScreenPageProps } from './ListScreenPage';
export type { ListEntity } from './types';
