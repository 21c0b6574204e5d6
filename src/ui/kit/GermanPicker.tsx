// The content of a date picker's dialog, in German (locale.ts PICKER_LOCALE): React Aria's calendar
// and time field in the German locale, and lang="de" on the whole content, so that a screen reader
// speaks the day names and the picker's own buttons German, in a page that is otherwise English.
import type { ReactNode } from 'react';
import { I18nProvider } from 'react-aria-components';
import { PICKER_LOCALE } from './locale';

export function GermanPicker({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div lang="de" className={className ? `kit-picker ${className}` : 'kit-picker'}>
      <I18nProvider locale={PICKER_LOCALE}>{children}</I18nProvider>
    </div>
  );
}
