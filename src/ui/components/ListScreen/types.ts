// The server-paged screens. The whole list screen (ListScreenPage: Selection card, export, row edit)
// serves Analysis and Samples; the list view (useListView: the list view machine, its preferences
// under '<entity>.filter') serves Boxes' table too.
import type { ExportingResource, ResourceName, SelectionResource } from '../../../domain/resources';

/** The resources with the whole list screen: a selection and file exports (src/domain/resources). */
export type ListEntity = SelectionResource & ExportingResource;
export type ListViewEntity = ResourceName;
