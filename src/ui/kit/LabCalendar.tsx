// The calendar of every date picker, in the interface's one language (locale.ts PICKER_LOCALE):
// month heading, weekdays and buttons read 'Date, October 2026', 'Mon', 'Previous month', like the
// picker's 'Time', 'Cancel' and 'Apply date' around it. Used by the date-time filter fields and the
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

/** Place inside an I18nProvider of PICKER_LOCALE. */
export function LabCalendar<T extends DateValue>(props: Omit<CalendarProps<T>, 'aria-label' | 'className'>) {
  return (
    <div className="kit-calendar-lang">
      <Calendar aria-label="Date" {...props} className="kit-calendar">
        <header className="kit-calendar-head">
          <AriaButton
            slot="previous"
            className="kit-button"
            data-variant="quiet"
            aria-label="Previous month"
          >
            ‹
          </AriaButton>
          <Heading className="kit-calendar-title" />
          <AriaButton slot="next" className="kit-button" data-variant="quiet" aria-label="Next month">
            ›
          </AriaButton>
        </header>
        <CalendarGrid className="kit-calendar-grid">
          {(date) => <CalendarCell date={date} className="kit-calendar-cell" />}
        </CalendarGrid>
      </Calendar>
    </div>
  );
}
