// The refresh interval in seconds (docs/dev/product-rules.md#screens, docs/dev/product-rules.md#constants: 0 = off, up to 600). Enter or leaving the field
// hands the value to the list view, which refuses anything else with 'Refresh-Timer has to be
// between 0 and 600'; the field shows the same message while its text is out of range.
import { useState } from 'react';
import { validateRefreshTimer } from '../../../domain/rules/fields';
import { TextField } from '../../kit';
import { useNotifications } from '../../state/NotificationProvider';
import type { ListView } from './useListView';

export function RefreshField({ view }: { view: ListView<unknown> }) {
  const { clearValidation } = useNotifications();
  const [text, setText] = useState(String(view.refreshSeconds));
  const error = validateRefreshTimer(text.trim());
  const commit = () => {
    if (text.trim() === String(view.refreshSeconds)) return;
    // A valid value ends the persistent range message an earlier one left.
    if (error === null) clearValidation();
    view.setRefresh(text.trim());
  };
  return (
    <div className="lf-refresh">
      <TextField
        label="Refresh interval (s)"
        value={text}
        onChange={setText}
        inputMode="numeric"
        errorMessage={error}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
        }}
      />
    </div>
  );
}
