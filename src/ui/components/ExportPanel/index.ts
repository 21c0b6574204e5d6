export { ExportPanel, type ExportPanelProps } from './ExportPanel';
export {
  useExport,
  exportTypesOf,
  PDF_ACTION_LABEL,
  type ExportCurrent,
  type ExportHandle,
} from './useExport';
