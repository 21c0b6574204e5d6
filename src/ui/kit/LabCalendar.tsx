// The German-locale calendar of every date picker (spec §9: German locale), German throughout and
// marked so: a screen reader reads 'Datum, Oktober 2026' and the weekdays in German, not with English
// pronunciation (WCAG 3.1.2). Used by the date-time filter fields and the date fields.
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

/** Place inside an I18nProvider of the lab locale. */
export function LabCalendar<T extends DateValue>(props: Omit<CalendarProps<T>, 'aria-label' | 'className'>) {
  return (
    <div lang="de" className="kit-calendar-lang">
      <Calendar aria-label="Datum" {...props} className="kit-calendar">
        <header className="kit-calendar-head">
          <AriaButton
            slot="previous"
            className="kit-button"
            data-variant="quiet"
            aria-label="Vorheriger Monat"
          >
            ‹
          </AriaButton>
          <Heading className="kit-calendar-title" />
          <AriaButton slot="next" className="kit-button" data-variant="quiet" aria-label="Nächster Monat">
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
