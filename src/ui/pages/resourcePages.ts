// The resource pages: each declares itself in its own folder (page.ts) and registers here with one
// line, in menu order. The route table, the drawer and the palette read this list.
import type { ComponentType, LazyExoticComponent } from 'react';
import type { NavEntry } from '../shell/navigation';
import { ANALYSIS_PAGE } from './analysis/page';
import { BOXES_PAGE } from './boxes/page';
import { SAMPLES_PAGE } from './samples/page';
import { SCREENS_PAGE } from './screens/page';

export interface ResourcePage extends NavEntry {
  Page: LazyExoticComponent<ComponentType>;
}

export const RESOURCE_PAGES: readonly ResourcePage[] = [
  SAMPLES_PAGE,
  ANALYSIS_PAGE,
  BOXES_PAGE,
  SCREENS_PAGE,
];

/** Where a successful sign-in lands and what '/' shows (docs/dev/product-rules.md#screens). */
export const HOME_PAGE: ResourcePage = ANALYSIS_PAGE;
