// Write bodies and a JSON request helper shared by the analysis, sample and box write tests (the
// route tests and the service tests written against the mutation runs' survivors).
import type { AnalysisWrite } from '../../../src/domain/entities/analysis';
import type { SampleWrite } from '../../../src/domain/entities/sample';
import type { Harness } from '../harness';

export type SampleKey = { sId: string; sStamp: string };

/** The sample the analysis bodies belong to. */
export const ANALYSIS_SAMPLE: SampleKey = { sId: '1234567890128', sStamp: '2025-10-01 06:00:00' };

/** A valid new analysis of ANALYSIS_SAMPLE, every value within the default limits. */
export const analysisBody = (overrides: Partial<AnalysisWrite> = {}): AnalysisWrite => ({
  sample: { sampleId: ANALYSIS_SAMPLE, weightNet: null, weightBru: null, name: null, boxPos: null },
  aFlags: '-----',
  dateIn: '2025-10-01 07:00:00',
  dateOut: '2025-10-01 07:05:00',
  pol: 17.5,
  nat: 1.1,
  kal: 4.2,
  an: 1.3,
  glu: 0.4,
  dry: 22.5,
  weightMea: 10.5,
  weightNrm: 10,
  weightCur: 10.2,
  weightDif: 0.3,
  density: 1.05,
  lane: 1,
  comment: 'typed by hand',
  dateExported: null,
  ...overrides,
});

/** A valid sample with its key. */
export const sampleBody = (key: SampleKey, overrides: Partial<SampleWrite> = {}): SampleWrite => ({
  sampleId: key,
  name: 'Farmer 17',
  weightNet: 12.5,
  weightBru: 14,
  weightTar: 1.5,
  quantity: 20,
  distance: 12.3,
  dateCrumbled: '2025-10-01 08:00:00',
  sFlags: 'F----',
  lane: 2,
  comment: null,
  dateExported: null,
  ...overrides,
});

type Method = Parameters<Harness['request']>[0]['method'];

/** Requests with a JSON body (when given) and the token `token()` reads at the call. */
export const jsonCalls =
  (h: Harness, token: () => string) => (method: Method, url: string, payload?: unknown) =>
    h.request({
      method,
      url,
      token: token(),
      ...(payload === undefined
        ? {}
        : { payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } }),
    });
