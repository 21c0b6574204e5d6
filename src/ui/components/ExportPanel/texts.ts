// The Export panel's own words. The spec fixes the messages of §8 (src/domain/messages.ts) but not
// the confirmation's or the SAP/ZFT warning's wording; these say what happens, in the app's tone.
import type { ExportType } from '../../../domain/exportJob';

export const EXPORT_LABELS: Readonly<Record<ExportType, string>> = {
  csv: 'CSV',
  xlsx: 'XLSX',
  sap: 'SAP',
  zft: 'ZFT',
};

export const exportButtonLabel = (type: ExportType): string => `Export ${EXPORT_LABELS[type]}`;

/** The Download button names the file format of the job it fetches. */
export const downloadLabel = (type: ExportType | null): string =>
  type ? `Download ${EXPORT_LABELS[type]}` : 'Download';

export const CONFIRM_TITLE = 'Export all matching items?';

export const confirmText = (type: ExportType | null, total: number): string =>
  `${total.toLocaleString('de-AT')} items match the current filters. The ${type ? EXPORT_LABELS[type] : ''} export of so many items may take a while. Do you want to continue?`;

/** SAP and ZFT mark what they export (ARCHITECTURE §5, docs/exports.md). */
export const flagsWarning = (type: ExportType): string =>
  `The ${EXPORT_LABELS[type]} export marks every exported analysis as exported: its first flag becomes X and DateExported is set.`;
