// Where focus starts when a page arrives (issue 27). Arriving by navigation (drawer, palette, a
// link) the page heading takes the focus, so a screen reader announces the new page and Tab goes
// on from its top. The first page of a document (a load, a reload) or of a session (just signed
// in) is different: there the first Tab must reach 'Skip to content', as on any page just opened,
// so focus is left at the start of the document.

let atDocumentStart = true;

/** The shell has just started (page load or sign-in): the next page arrives at the document's start. */
export function startAtDocument(): void {
  atDocumentStart = true;
}

/** Whether the arriving page is the first since the shell started; asking uses it up. */
export function claimDocumentStart(): boolean {
  const first = atDocumentStart;
  atDocumentStart = false;
  return first;
}

/**
 * Puts the sequential focus starting point at the start of the document, as on a page just opened:
 * the next Tab goes to the first control ('Skip to content'). A control the user has already
 * reached (the page's code loads after the shell) keeps its focus.
 */
export function focusDocumentStart(doc: Document = document): void {
  const active = doc.activeElement;
  if (active && active !== doc.body && active.isConnected) return;
  const { body } = doc;
  const hadTabIndex = body.hasAttribute('tabindex');
  if (!hadTabIndex) body.setAttribute('tabindex', '-1');
  body.focus({ preventScroll: true });
  if (!hadTabIndex) body.removeAttribute('tabindex');
}
