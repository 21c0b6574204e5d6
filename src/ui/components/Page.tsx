// The frame of every page: one h1 that names the page. Arriving by navigation the heading takes
// focus, so a screen reader announces where a navigation (drawer, palette, link) has led and Tab
// continues from the top of the new page instead of from a control that no longer exists; signing in
// arrives the same way. The first page after a load leaves focus at the document's start: the first
// Tab reaches 'Skip to content' (focus/arrival).
import { useEffect, useRef, type ReactNode } from 'react';
import { claimDocumentStart, focusDocumentStart } from '../focus/arrival';
import { APP_TITLE } from '../shell/navigation';

export interface PageProps {
  title: string;
  /** The heading's language when it differs from the document's ('Hilfe'). */
  lang?: 'de';
  /** Hide the heading visually (it still names the page for assistive technology). */
  headingHidden?: boolean;
  /** Controls on the right of the heading (filters, exports…). */
  actions?: ReactNode;
  children?: ReactNode;
  className?: string;
}

export function Page({ title, lang, headingHidden = false, actions, children, className }: PageProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // How this page arrived, decided once per title (StrictMode runs the effect twice).
  const arrival = useRef<{ title: string; atDocumentStart: boolean } | null>(null);

  useEffect(() => {
    document.title = `${title} · ${APP_TITLE}`;
    if (arrival.current?.title !== title)
      arrival.current = { title, atDocumentStart: arrival.current === null && claimDocumentStart() };
    // A page's code loads on its first visit: a user may have opened the palette or a dialog in
    // that moment, and arriving must not pull focus out of it.
    if (document.activeElement?.closest('[role="dialog"], [aria-modal="true"]')) return;
    if (arrival.current.atDocumentStart) focusDocumentStart();
    else headingRef.current?.focus({ preventScroll: true });
  }, [title]);

  return (
    <div className={className ? `page ${className}` : 'page'}>
      <div className="page-header" data-hidden={headingHidden || undefined}>
        <h1
          ref={headingRef}
          tabIndex={-1}
          lang={lang}
          className={headingHidden ? 'page-title sr-only' : 'page-title'}
        >
          {title}
        </h1>
        {actions ? <div className="page-actions">{actions}</div> : null}
      </div>
      {children}
    </div>
  );
}

/** Placeholder body for pages that later issues build: says what the page will hold. */
export function PlannedPage({ title, summary }: { title: string; summary: string }) {
  return (
    <Page title={title}>
      <section className="planned" aria-label="About this page">
        <p>{summary}</p>
        <p className="muted">This page is not built yet.</p>
      </section>
    </Page>
  );
}
