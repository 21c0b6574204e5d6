// The export job a reload resumes (docs/dev/product-rules.md#behaviour Export): the running job's name is kept in local
// storage per view, and the name of the last job that ended here (downloaded or failed) too, so
// that a failed job the server still lists as "not downloaded" is not resumed (and reported)
// again on every visit.
import { z } from 'zod';
import type { ListEntity } from '../../../api/exports';
import { EXPORT_TYPES, type ExportType } from '../../../domain/exportJob';
import { readStored } from '../../state/storage';

export interface SavedExport {
  type: ExportType;
  fileName: string;
}

const runningKey = (entity: ListEntity) => `${entity}.export`;
const settledKey = (entity: ListEntity) => `${entity}.exportSettled`;

const storage = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    // Storage disabled by the browser's privacy settings: nothing is resumed.
    return null;
  }
};

const savedExportSchema = z.object({ type: z.enum(EXPORT_TYPES), fileName: z.string().min(1) });

export const loadRunningExport = (entity: ListEntity): SavedExport | null =>
  readStored(runningKey(entity), savedExportSchema) ?? null;

export const saveRunningExport = (entity: ListEntity, job: SavedExport): void => {
  storage()?.setItem(runningKey(entity), JSON.stringify(job));
};

/** The job ended (downloaded, failed or gone): forget it, and remember not to resume it. */
export const settleExport = (entity: ListEntity, fileName: string | null): void => {
  const s = storage();
  s?.removeItem(runningKey(entity));
  if (fileName) s?.setItem(settledKey(entity), fileName);
};

export const forgetRunningExport = (entity: ListEntity): void => {
  storage()?.removeItem(runningKey(entity));
};

/** The name of the last job that ended here, never resumed again. */
export const settledExport = (entity: ListEntity): string | null =>
  storage()?.getItem(settledKey(entity)) ?? null;
