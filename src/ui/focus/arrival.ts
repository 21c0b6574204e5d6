// Where focus starts when a page arrives (issue 27). Arriving by navigation (drawer, palette, a
// link) or by signing in, the page heading takes the focus: both are the user's actions, focus
// must not fall to <body> with the control that did it, and a screen reader announces where the
// action has led while Tab goes on from the page's top. Only the first page of a document (a load,
// a reload: no action of the user's) leaves focus at the document's start, as on any page just
// opened, so the first Tab reaches 'Skip to content'.

let atDocumentStart = true;

/**
 * The user has acted (the login form was submitted): the next page arrives at its heading, even
 * if it is the document's first (a load that showed the login form first).
 */
export function arriveByAction(): void {
  atDocumentStart = false;
}

/** Whether the arriving page is the document's first, with no action before it; asking uses it up. */
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
