// A date-time filter field: a text field in the lab format (YYYY-MM-DD HH:mm:ss, or a date alone)
// with a picker beside it. The picker is React Aria's Calendar and TimeField, German throughout
// (kit GermanPicker: 24 h, seconds, docs/dev/product-rules.md#constants, its buttons too); picking writes the lab text into the field, which stays the source of truth so
// that typing, pasting and scanning keep working.
import { useState } from 'react';
import {
  DateInput,
  DateSegment,
  Dialog,
  DialogTrigger,
  Label,
  Popover,
  TimeField,
} from 'react-aria-components';
import { CalendarDate, Time } from '@internationalized/date';
import { formatLabDateTime, parseDateOrDateTime } from '../../../domain/datetime';
import { Temporal } from 'temporal-polyfill';
import { Button, GermanPicker, PICKER_WORDS, TextField } from '../../kit';
import { CalendarIcon, LabCalendar } from '../../kit/LabCalendar';

export interface DateTimeFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  /** A date was picked: the caller may apply the filters at once. */
  onPicked?(value: string): void;
  errorMessage?: string | null;
}

const pickerStart = (text: string): { date: CalendarDate; time: Time } => {
  const parsed = parseDateOrDateTime(text.trim());
  if (parsed?.kind === 'datetime') {
    const d = parsed.dateTime;
    return { date: new CalendarDate(d.year, d.month, d.day), time: new Time(d.hour, d.minute, d.second) };
  }
  if (parsed?.kind === 'date') {
    const d = parsed.date;
    return { date: new CalendarDate(d.year, d.month, d.day), time: new Time(0, 0, 0) };
  }
  const now = Temporal.Now.plainDateTimeISO();
  return { date: new CalendarDate(now.year, now.month, now.day), time: new Time(0, 0, 0) };
};

const labText = (date: CalendarDate, time: Time): string =>
  formatLabDateTime(
    Temporal.PlainDateTime.from({
      year: date.year,
      month: date.month,
      day: date.day,
      hour: time.hour,
      minute: time.minute,
      second: time.second,
    }),
  );

export function DateTimeField({ label, value, onChange, onPicked, errorMessage }: DateTimeFieldProps) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(() => pickerStart(value));

  const openPicker = (next: boolean) => {
    if (next) setDraft(pickerStart(value));
    setOpen(next);
  };
  const pick = () => {
    const text = labText(draft.date, draft.time);
    onChange(text);
    onPicked?.(text);
    setOpen(false);
  };

  return (
    <div className="lf-datetime">
      <TextField
        label={label}
        value={value}
        onChange={onChange}
        placeholder="yyyy-mm-dd hh:mm:ss"
        errorMessage={errorMessage}
      />
      <DialogTrigger isOpen={open} onOpenChange={openPicker}>
        <Button iconOnly aria-label={`Pick ${label}`} className="kit-button lf-pick">
          <CalendarIcon />
        </Button>
        <Popover className="kit-popover lf-picker-popover" placement="bottom end">
          <Dialog aria-label={`Pick ${label}`} className="lf-picker">
            <GermanPicker>
              <LabCalendar value={draft.date} onChange={(date) => setDraft((d) => ({ ...d, date }))} />
              <TimeField
                value={draft.time}
                onChange={(time) => {
                  if (time) setDraft((d) => ({ ...d, time }));
                }}
                granularity="second"
                hourCycle={24}
                shouldForceLeadingZeros
                className="lf-time"
              >
                <Label className="kit-label">{PICKER_WORDS.time}</Label>
                <DateInput className="kit-input lf-time-input">
                  {(segment) => <DateSegment segment={segment} className="lf-segment" />}
                </DateInput>
              </TimeField>
              <div className="lf-picker-actions">
                <Button onPress={() => setOpen(false)}>{PICKER_WORDS.cancel}</Button>
                <Button variant="primary" onPress={pick}>
                  {PICKER_WORDS.apply}
                </Button>
              </div>
            </GermanPicker>
          </Dialog>
        </Popover>
      </DialogTrigger>
    </div>
  );
}
