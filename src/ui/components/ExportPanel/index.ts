export { ExportPanel, type ExportPanelProps } from './ExportPanel';
export { useExport, type ExportCurrent, type ExportHandle } from './useExport';
