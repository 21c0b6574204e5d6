// The calendar of every date picker, in German like the whole picker (GermanPicker, locale.ts):
// month heading, weekdays and buttons read 'Oktober 2026', 'Mo', 'Voriger Monat', like the picker's
// 'Uhrzeit', 'Abbrechen' and 'Übernehmen' around it. Used by the date-time filter fields and the
// date fields.
import {
  Button as AriaButton,
  Calendar,
  CalendarCell,
  CalendarGrid,
  Heading,
  type CalendarProps,
  type DateValue,
} from 'react-aria-components';
import { PICKER_WORDS } from './locale';
import './calendar.css';

export function CalendarIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        d="M4 6h16v14H4zM4 10h16M8 3v5M16 3v5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Place inside a GermanPicker. */
export function LabCalendar<T extends DateValue>(props: Omit<CalendarProps<T>, 'aria-label' | 'className'>) {
  return (
    <Calendar aria-label={PICKER_WORDS.calendar} {...props} className="kit-calendar">
      <header className="kit-calendar-head">
        <AriaButton
          slot="previous"
          className="kit-button"
          data-variant="quiet"
          aria-label={PICKER_WORDS.previousMonth}
        >
          ‹
        </AriaButton>
        <Heading className="kit-calendar-title" />
        <AriaButton
          slot="next"
          className="kit-button"
          data-variant="quiet"
          aria-label={PICKER_WORDS.nextMonth}
        >
          ›
        </AriaButton>
      </header>
      <CalendarGrid className="kit-calendar-grid">
        {(date) => <CalendarCell date={date} className="kit-calendar-cell" />}
      </CalendarGrid>
    </Calendar>
  );
}
