// A date field (no time) for the Reports and Logs pages: a text field in the lab format
// (YYYY-MM-DD) with a German calendar beside it (GermanPicker) (docs/dev/product-rules.md#screens, docs/dev/product-rules.md#constants). The text stays the source of
// truth, so typing and pasting work; picking writes the date into it.
import { useState } from 'react';
import { Dialog, DialogTrigger, Popover } from 'react-aria-components';
import { CalendarDate } from '@internationalized/date';
import { Temporal } from 'temporal-polyfill';
import { formatLabDate, parseLabDate } from '../../domain/datetime';
import { Button } from './Button';
import { CalendarIcon, LabCalendar } from './LabCalendar';
import { GermanPicker } from './GermanPicker';
import { TextField } from './TextField';
import './datefield.css';

export interface DateFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  errorMessage?: string | null;
}

const calendarDate = (text: string): CalendarDate => {
  const d = parseLabDate(text.trim()) ?? Temporal.Now.plainDateISO();
  return new CalendarDate(d.year, d.month, d.day);
};

export function DateField({ label, value, onChange, errorMessage }: DateFieldProps) {
  const [open, setOpen] = useState(false);
  return (
    <div className="kit-datefield">
      <TextField
        label={label}
        value={value}
        onChange={onChange}
        placeholder="yyyy-mm-dd"
        autoComplete="off"
        errorMessage={errorMessage}
      />
      <DialogTrigger isOpen={open} onOpenChange={setOpen}>
        <Button iconOnly aria-label={`Pick ${label}`} className="kit-button kit-datefield-pick">
          <CalendarIcon />
        </Button>
        <Popover className="kit-popover kit-datefield-popover" placement="bottom end">
          <Dialog aria-label={`Pick ${label}`} className="kit-datefield-dialog">
            <GermanPicker>
              <LabCalendar
                defaultValue={calendarDate(value)}
                autoFocus
                onChange={(date) => {
                  onChange(
                    formatLabDate(
                      Temporal.PlainDate.from({ year: date.year, month: date.month, day: date.day }),
                    ),
                  );
                  setOpen(false);
                }}
              />
            </GermanPicker>
          </Dialog>
        </Popover>
      </DialogTrigger>
    </div>
  );
}
