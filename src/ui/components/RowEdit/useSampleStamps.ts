// The SampleTime field's choices (docs/dev/product-rules.md#behaviour Timestamps): the stamps of the
// samples with the typed SampleID, for any row form with a sample key.
import { useEffect, useState } from 'react';
import type { Http } from '../../../api/http';
import { getSampleTimestamps } from '../../../api/samples';
import { SID_PATTERN } from '../../../domain/rules/fields';

const NO_STAMPS: string[] = [];

export type StampLookup = { state: 'invalid' | 'loading' | 'unknown' | 'found'; stamps: string[] };

/** The stamps of the samples with this sId, and whether the sId is valid and known. */
export function useSampleStamps(http: Http, sId: string | undefined): StampLookup {
  const [found, setFound] = useState<{ sId: string; stamps: string[] } | null>(null);
  const valid = sId !== undefined && SID_PATTERN.test(sId);
  useEffect(() => {
    if (!valid || sId === undefined) return;
    const controller = new AbortController();
    getSampleTimestamps(http, sId, { signal: controller.signal }).then(
      (stamps) => setFound({ sId, stamps }),
      // Unknown SampleID (404) or any other failure: no choices (docs/dev/product-rules.md#messages: ignored silently).
      () => {
        if (!controller.signal.aborted) setFound({ sId, stamps: [] });
      },
    );
    return () => controller.abort();
  }, [http, sId, valid]);
  if (!valid) return { state: 'invalid', stamps: NO_STAMPS };
  if (found?.sId !== sId) return { state: 'loading', stamps: NO_STAMPS };
  return found.stamps.length > 0
    ? { state: 'found', stamps: found.stamps }
    : { state: 'unknown', stamps: NO_STAMPS };
}
