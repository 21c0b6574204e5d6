// The server-paged screens. The whole list screen (ListScreenPage: Selection card, export, row edit)
// serves Analysis and Samples; the list view (useListView: the list view machine, its preferences
// under '<entity>.filter') serves Boxes' table too.
export type ListEntity = 'analysis' | 'samples';
export type ListViewEntity = ListEntity | 'boxes';
