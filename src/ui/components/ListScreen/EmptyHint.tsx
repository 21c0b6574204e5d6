// The empty table of Analysis and Samples (docs/dev/product-rules.md#messages 'Sorry, there is no data!…'), and when the view
// hides matching rows on purpose, how many and a way to them (issue 27): 'Show them' lifts the
// exclusions, or the campaign for this view (until 'Back to the campaign'); admins may also widen
// the campaign in Settings.
import { useNavigate } from 'react-router';
import type { HiddenCounts } from '../../../domain/entities/shared';
import { hiddenByExclusions, hiddenOutsideCampaign, NO_DATA } from '../../../domain/messages';
import { resourceOf } from '../../../domain/resources';
import { Button } from '../../kit';
import { useAuth } from '../../state/AuthProvider';
import type { ListEntity } from './types';

export function EmptyHint({
  entity,
  hidden,
  onShowExcluded,
  onShowOutside,
}: {
  entity: ListEntity;
  hidden: HiddenCounts | null;
  onShowExcluded: () => void;
  /** Lifts the campaign for this view, until the user puts it back. */
  onShowOutside: () => void;
}) {
  const navigate = useNavigate();
  const { isAdmin } = useAuth();
  const outside = hidden?.outsideCampaign ?? 0;
  const excluded = hidden?.excluded ?? 0;
  if (outside === 0 && excluded === 0) return <>{NO_DATA}</>;
  return (
    <div className="list-empty-hint">
      <p>{NO_DATA}</p>
      {excluded > 0 ? (
        <p>
          {hiddenByExclusions(resourceOf(entity).rowNoun, excluded)}{' '}
          <Button onPress={onShowExcluded} data-focus-home="">
            Show them
          </Button>
        </p>
      ) : null}
      {outside > 0 ? (
        <p>
          {hiddenOutsideCampaign(resourceOf(entity).rowNoun, outside)}{' '}
          <Button onPress={onShowOutside}>Show them</Button>
          {isAdmin ? (
            <>
              {' '}
              <Button onPress={() => navigate('/settings')}>Change the campaign</Button>
            </>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}
