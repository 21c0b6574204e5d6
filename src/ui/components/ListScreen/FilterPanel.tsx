// The Filter panel of Analysis and Samples (docs/dev/product-rules.md#screens): date ranges with pickers, SampleID starts /
// ends with, AnalysisID bounds (Analysis), Flags, Lane, the exclusions (Analysis) and the four
// buttons. Enter in any field or 'Reprocess All Filters' applies; a picked date and a toggled
// exclusion apply at once.
import type { FormEvent } from 'react';
import { CheckboxGroup, Label } from 'react-aria-components';
import { EXCLUSIONS } from '../../../domain/constants';
import type { DateFilterColumn } from '../../../domain/filter';
import type { FilterPanelField, FilterPanelValues } from '../../../domain/filterPanel';
import { Button, Checkbox, Form, TextField, type TextFieldProps } from '../../kit';
import { DateTimeField, type DateTimeFieldProps } from './DateTimeField';
import { useFilterValue, type FilterValuesStore, type ListFilters } from './useListFilters';
import type { ListView } from './useListView';

/** The column headers the date fields are named after. */
const DATE_LABELS: Record<DateFilterColumn, string> = {
  dateIn: 'DateIn',
  dateOut: 'DateOut',
  sStamp: 'SampleTime',
  dateCrumbled: 'DateCrumbled',
  dateExported: 'DateExported',
  dateCreated: 'DateCreated',
};

const EXCLUSION_LABELS = { farmer: 'Farmer', screens: 'Screens', test: 'Test' } as const;

export interface FilterPanelProps {
  id: string;
  view: ListView<unknown>;
  filters: ListFilters;
  /** Analysis only (docs/dev/product-rules.md#screens Samples: no exclusion checkboxes). */
  withExclusion: boolean;
  onSelectAllFiltered(): void;
}

type TextKey = 'sIdPrefix' | 'sIdSuffix' | 'aIdLow' | 'aIdHigh' | 'flags' | 'lane';

export function FilterPanel({ id, view, filters, withExclusion, onSelectAllFiltered }: FilterPanelProps) {
  const { spec, errors } = filters;
  const store = filters.values;
  const extra = useFilterValue(store, (v) => v.extra);

  const setText = (key: TextKey) => (text: string) => filters.setValues((v) => ({ ...v, [key]: text }));
  const setDate = (column: DateFilterColumn, end: 'start' | 'end', text: string): FilterPanelValues => {
    const values = store.get();
    const next = {
      ...values,
      dates: {
        ...values.dates,
        [column]: { ...(values.dates[column] ?? { start: '', end: '' }), [end]: text },
      },
    };
    filters.setValues(() => next);
    return next;
  };
  const error = (field: FilterPanelField) => errors[field] ?? null;
  const text = (key: TextKey, label: string, width: 'id' | 'flags' | 'lane', placeholder?: string) => (
    <div className={`lf-text lf-text-${width}`}>
      <StoredTextField
        store={store}
        field={key}
        label={label}
        onChange={setText(key)}
        errorMessage={error(key)}
        placeholder={placeholder}
      />
    </div>
  );

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    filters.apply();
  };

  return (
    <section id={id} className="lf-panel" aria-label="Filter">
      <Form onSubmit={submit} className="lf-form">
        <div className="lf-row">
          {spec.dates.map((column) =>
            (['start', 'end'] as const).map((end) => (
              <StoredDateTimeField
                key={`${column}.${end}`}
                store={store}
                column={column}
                end={end}
                label={`${DATE_LABELS[column]} ${end}`}
                onChange={(t) => setDate(column, end, t)}
                onPicked={(t) => filters.apply(setDate(column, end, t))}
                errorMessage={error(`${column}.${end}`)}
              />
            )),
          )}
          {text('sIdPrefix', 'SampleID starts with', 'id')}
          {text('sIdSuffix', 'SampleID ends with', 'id')}
        </div>
        <div className="lf-row">
          {spec.aId ? text('aIdLow', 'AnalysisID lower bound', 'id') : null}
          {spec.aId ? text('aIdHigh', 'AnalysisID upper bound', 'id') : null}
          {text('flags', 'Flags', 'flags', spec.flags === 'aFlags' ? 'e.g. F_H' : 'e.g. X/')}
          {text('lane', 'Lane', 'lane', '0–3')}
          {withExclusion ? (
            <CheckboxGroup
              value={view.exclusion}
              onChange={(next) => view.setExclusion(next)}
              className="lf-exclusion"
            >
              <Label className="kit-label">Exclude</Label>
              {EXCLUSIONS.map((e) => (
                <Checkbox key={e} value={e}>
                  {EXCLUSION_LABELS[e]}
                </Checkbox>
              ))}
            </CheckboxGroup>
          ) : null}
          <div className="lf-buttons">
            <Button type="submit" variant="primary">
              Reprocess All Filters
            </Button>
            <Button onPress={onSelectAllFiltered} isDisabled={view.totalItems === 0}>
              Select All filtered Elements
            </Button>
            <Button onPress={filters.applyDefaults}>Apply Default Filters</Button>
            <Button onPress={filters.clear}>Clear All Filters</Button>
          </div>
        </div>
        {extra.length > 0 ? (
          <p className="lf-extra">
            Also filtering by: <code>{extra.join('; ')}</code>
          </p>
        ) : null}
      </Form>
    </section>
  );
}

/** A text field showing one typed value of the store: a key re-renders this field only. */
function StoredTextField({
  store,
  field,
  ...props
}: { store: FilterValuesStore; field: TextKey } & Omit<TextFieldProps, 'value'>) {
  const value = useFilterValue(store, (v) => v[field]);
  return <TextField {...props} value={value} />;
}

function StoredDateTimeField({
  store,
  column,
  end,
  ...props
}: { store: FilterValuesStore; column: DateFilterColumn; end: 'start' | 'end' } & Omit<
  DateTimeFieldProps,
  'value'
>) {
  const value = useFilterValue(store, (v) => v.dates[column]?.[end] ?? '');
  return <DateTimeField {...props} value={value} />;
}
