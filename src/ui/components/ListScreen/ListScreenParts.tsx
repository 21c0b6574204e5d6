// The parts of a list screen around its table: the header controls (refresh interval, Filter
// toggle, API Test), the status line ('Currently filtering #N', the campaign, the page's extras
// such as the averages) and the filter panel with its dialogs.
import type { ReactNode } from 'react';
import { CAMPAIGN_LIFTED, currentlyFiltering } from '../../../domain/messages';
import { Button } from '../../kit';
import { ApiTestButton } from './ApiTestButton';
import { FilterExpressionDialog } from './FilterExpressionDialog';
import { FilterPanel } from './FilterPanel';
import { RefreshField } from './RefreshField';
import { SelectAllDialog } from './SelectAllDialog';
import { useCampaignLine } from './useCampaign';
import type { ListScreen } from './useListScreen';

export function ListScreenActions({ screen }: { screen: ListScreen }) {
  return (
    <>
      <RefreshField view={screen.view} />
      <Button
        aria-expanded={screen.panelOpen}
        aria-controls={screen.panelOpen ? screen.panelId : undefined}
        onPress={() => screen.setPanelOpen(!screen.panelOpen)}
      >
        Filter
      </Button>
      <ApiTestButton view={screen.view} />
    </>
  );
}

export function ListStatus({ screen, children }: { screen: ListScreen; children?: ReactNode }) {
  const campaign = useCampaignLine();
  const { view } = screen;
  return (
    <div className="list-status">
      <p className="list-filtering" aria-live="polite">
        {currentlyFiltering(view.totalItems)}
      </p>
      {campaign || view.allCampaigns ? (
        <p className="list-campaign">
          {campaign}
          {view.allCampaigns ? (
            <>
              {campaign ? ' · ' : null}
              {CAMPAIGN_LIFTED}{' '}
              <Button autoFocus={view.allCampaignsPressed} onPress={() => view.setAllCampaigns(false)}>
                Back to the campaign
              </Button>
            </>
          ) : null}
        </p>
      ) : null}
      {children}
    </div>
  );
}

export function ListFilterPanel({ screen, withExclusion }: { screen: ListScreen; withExclusion: boolean }) {
  return (
    <>
      {screen.panelOpen ? (
        <FilterPanel
          id={screen.panelId}
          view={screen.view}
          filters={screen.filters}
          withExclusion={withExclusion}
          onSelectAllFiltered={screen.selectAll.request}
        />
      ) : null}
      <SelectAllDialog selectAll={screen.selectAll} />
      <FilterExpressionDialog
        isOpen={screen.expressionOpen}
        onOpenChange={screen.setExpressionOpen}
        applied={screen.view.filters}
        filters={screen.filters}
      />
    </>
  );
}
