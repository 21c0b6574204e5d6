// The campaign line of Analysis and Samples (docs/dev/product-rules.md#screens): the 'campaign' setting's range, read once
// per visit. Nothing is shown while it loads, when it is open on both ends, or when it cannot be
// read (docs/dev/product-rules.md#messages: other load failures are only logged).
import { useEffect, useState } from 'react';
import { campaignOf, getSettings } from '../../../api/config';
import { campaignLine } from '../../../domain/messages';
import { useAuth } from '../../state/AuthProvider';

export function useCampaignLine(): string | null {
  const { http } = useAuth();
  const [line, setLine] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    getSettings(http, { signal: controller.signal }).then(
      (settings) => {
        const campaign = campaignOf(settings);
        setLine(campaign ? campaignLine(campaign.start, campaign.end) : null);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) console.error('campaign setting could not be read', error);
      },
    );
    return () => controller.abort();
  }, [http]);
  return line;
}
