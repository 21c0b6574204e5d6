// Languages of the interface. The app's words are English (the document is lang="en"), so React
// Aria's own built-in strings (hidden "Close" buttons, field hints) are English too, whatever the
// bench computer's browser language is: a German word read with English pronunciation fails
// WCAG 3.1.2. Dates and numbers follow the lab's de-AT locale (docs/dev/product-rules.md#constants: German pickers, de-AT
// tables): date pickers and tables wrap themselves in <I18nProvider locale={LAB_LOCALE}>.
export const UI_LOCALE = 'en-GB';
export { LAB_LOCALE } from '../../domain/numberFormat';
/**
 * The date pickers' language (issue 27): one language in the whole picker, the interface's. A
 * German calendar beside English 'Time', 'Cancel' and 'Apply date' was two languages in one dialog;
 * en-GB keeps the lab's habits (weeks start on Monday, 24-hour clock), and the field text stays the
 * lab's YYYY-MM-DD either way.
 */
export const PICKER_LOCALE = UI_LOCALE;
