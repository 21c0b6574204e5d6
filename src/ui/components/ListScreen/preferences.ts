// Saved browser preferences of a list screen (docs/dev/product-rules.md#records): the filter terms and, where the screen has
// the exclusion checkboxes (Analysis), the exclusion, under '<entity>.filter' / '<entity>.exclusion';
// whether the user lifted the campaign for the view ('<entity>.allCampaigns', issue 27); and whether
// the filter panel is open. What is stored is checked again on reading, so an outdated or tampered
// entry falls back to "no filter" instead of a 400 per load.
import { z } from 'zod';
import type { Exclusion } from '../../../domain/constants';
import { isValidFilterTerm } from '../../../domain/filter';
import { isExclusion } from '../../../domain/listQuery';
import { readStored, writeStored } from '../../state/storage';
import type { ListViewEntity } from './types';

const filterKey = (entity: ListViewEntity): string => `${entity}.filter`;
const exclusionKey = (entity: ListViewEntity): string => `${entity}.exclusion`;
const campaignKey = (entity: ListViewEntity): string => `${entity}.allCampaigns`;

const stringList = z.array(z.string());

const readList = (key: string): string[] | undefined => readStored(key, stringList);
const writeList = (key: string, list: readonly string[]): void => writeStored(key, list);

/** The stored filter terms; any invalid term drops the whole stored filter (as the server would). */
export const loadFilters = (entity: ListViewEntity): string[] => {
  const list = readList(filterKey(entity)) ?? [];
  return list.every(isValidFilterTerm) ? list : [];
};

/** The stored exclusion of a screen that has the checkboxes (none on the others). */
export const loadExclusion = (entity: ListViewEntity, withExclusion: boolean): Exclusion[] =>
  withExclusion ? (readList(exclusionKey(entity)) ?? []).filter(isExclusion) : [];

export const saveFilters = (entity: ListViewEntity, filters: readonly string[]): void =>
  writeList(filterKey(entity), filters);

export const saveExclusion = (
  entity: ListViewEntity,
  withExclusion: boolean,
  exclusion: readonly Exclusion[],
): void => {
  if (withExclusion) writeList(exclusionKey(entity), exclusion);
};

const panelKey = (entity: ListViewEntity): string => `${entity}.filterPanel`;

/** Whether the filter panel is open (default open); small screens may keep it closed. */
export const loadPanelOpen = (entity: ListViewEntity): boolean => {
  try {
    return localStorage.getItem(panelKey(entity)) !== 'closed';
  } catch {
    return true;
  }
};

export const savePanelOpen = (entity: ListViewEntity, open: boolean): void => {
  try {
    localStorage.setItem(panelKey(entity), open ? 'open' : 'closed');
  } catch {
    // Storage full or disabled: the panel state applies for this visit.
  }
};

/** Whether the user lifted the campaign bound of this view ('Show them'), kept until put back. */
export const loadAllCampaigns = (entity: ListViewEntity): boolean =>
  readStored(campaignKey(entity), z.boolean()) ?? false;

export const saveAllCampaigns = (entity: ListViewEntity, all: boolean): void => writeStored(campaignKey(entity), all);
