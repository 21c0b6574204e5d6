// Languages of the interface. The app's words are English (the document is lang="en"), so React
// Aria's own built-in strings (hidden "Close" buttons, field hints) are English too, whatever the
// bench computer's browser language is: a German word read with English pronunciation fails
// WCAG 3.1.2. Dates and numbers follow the lab's de-AT locale (docs/dev/product-rules.md#constants: German pickers, de-AT
// tables): date pickers and tables wrap themselves in <I18nProvider locale={LAB_LOCALE}>.
export const UI_LOCALE = 'en-GB';
export { LAB_LOCALE } from '../../domain/numberFormat';
/**
 * The date pickers' language: German (docs/dev/product-rules.md#constants 'Pickers use German
 * locale'), and German throughout (issue 27): a German calendar beside English 'Time', 'Cancel' and
 * 'Apply date' was two languages in one dialog. The picker's content says so (lang="de",
 * GermanPicker), so a screen reader speaks it German; the field text stays the lab's YYYY-MM-DD.
 */
export { LAB_LOCALE as PICKER_LOCALE } from '../../domain/numberFormat';

/** The pickers' own words, in the pickers' language. */
export const PICKER_WORDS = {
  calendar: 'Datum',
  previousMonth: 'Voriger Monat',
  nextMonth: 'Nächster Monat',
  time: 'Uhrzeit',
  cancel: 'Abbrechen',
  apply: 'Übernehmen',
} as const;
