// The export job a reload resumes (spec §4 Export): the running job's name is kept in local
// storage per view, and the name of the last job that ended here (downloaded or failed) too, so
// that a failed job the server still lists as "not downloaded" is not resumed (and reported)
// again on every visit.
import type { ListEntity } from '../../../api/exports';
import { EXPORT_TYPES, type ExportType } from '../../../domain/exportJob';

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

export const loadRunningExport = (entity: ListEntity): SavedExport | null => {
  try {
    const parsed = JSON.parse(
      storage()?.getItem(runningKey(entity)) ?? 'null',
    ) as Partial<SavedExport> | null;
    if (!parsed || typeof parsed.fileName !== 'string' || parsed.fileName === '') return null;
    const type = EXPORT_TYPES.find((t) => t === parsed.type);
    return type ? { type, fileName: parsed.fileName } : null;
  } catch {
    return null;
  }
};

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

export const isSettledExport = (entity: ListEntity, fileName: string): boolean =>
  storage()?.getItem(settledKey(entity)) === fileName;
