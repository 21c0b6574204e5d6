export { currentScanTarget, useScanTarget, type ScanTarget } from './scanTarget';
export { useScanQueue, type ScanQueue } from './useScanQueue';
export { isTextEntry, useWedgeListener } from './useWedgeListener';
