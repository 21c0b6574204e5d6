// Where focus goes after an action (issue 27): never to <body>. One rule for every page, installed
// once by the shell, so no button needs its own fix:
//
// - A control that disables itself while its action runs (Report, Get Logs, Reload, Print…) loses
//   focus to <body> in the browser. Its focus is kept in mind and given back the moment it is
//   enabled again: focus returns to the control that started the action. If that takes longer than
//   FOCUS_WAIT_MS, a nearer home holds focus meanwhile, and hands it back when the control is
//   enabled, unless the user has moved on.
// - A control that goes away (a closed dialog's button, a removed row) hands focus to the most
//   recently focused control that is still there, else to the page's result or heading.
// - A page may send focus to an action's result instead (the report, the first invalid field)
//   with `moveFocusTo(element)`, or mark a container `data-focus-home` to receive it when its
//   trigger is gone.
//
// Only losses to <body> are repaired: a click on the page's background (the control is still
// there and usable) is the user's choice and stays.

/** How long a disabled control may keep its focus waiting before a nearer home takes it. */
export const FOCUS_WAIT_MS = 4000;

/**
 * How many recently focused controls are kept, the gone ones dropped: enough to hold a dialog's
 * trigger behind all the controls tabbed through in the dialog (the navigation drawer has a dozen
 * and more; with 12 kept, closing it after a walk through them sent focus to the page heading).
 */
const HISTORY = 64;

const isFocusable = (el: Element | null): boolean =>
  el instanceof HTMLElement &&
  el.isConnected &&
  !(el as HTMLButtonElement).disabled &&
  el.getAttribute('aria-hidden') !== 'true' &&
  !el.closest('[inert]') &&
  el.getClientRects().length > 0;

const lostToBody = (doc: Document): boolean => doc.activeElement === null || doc.activeElement === doc.body;

/** The page's own home: a marked result, else the page heading, else <main>. */
function pageHome(doc: Document): HTMLElement | null {
  const marked = [...doc.querySelectorAll<HTMLElement>('main [data-focus-home]')].find((el) =>
    isFocusable(el),
  );
  if (marked) return marked;
  const heading = doc.querySelector<HTMLElement>('main h1[tabindex]');
  if (heading?.isConnected) return heading;
  return doc.querySelector<HTMLElement>('main[tabindex]');
}

export interface FocusHome {
  /** Stops watching. */
  stop(): void;
}

/**
 * Watches `doc` and gives focus a home whenever an action drops it on <body> (see the top of this
 * file). Returns the stopper. `wait` is how long a disabled control keeps its claim.
 */
export function installFocusHome(doc: Document = document, wait: number = FOCUS_WAIT_MS): FocusHome {
  const win = doc.defaultView ?? window;
  const history: HTMLElement[] = [];
  let pending: HTMLElement | null = null;
  /** A control still disabled after the wait, and the home that holds its focus meanwhile. */
  let held: { owner: HTMLElement; holder: HTMLElement } | null = null;
  /** Focus this module moves itself is not the user moving on. */
  let moving = false;
  const move = (el: HTMLElement) => {
    moving = true;
    try {
      el.focus({ preventScroll: true });
    } finally {
      moving = false;
    }
  };
  let pendingSince = 0;
  let scheduled = 0;
  let timer = 0;

  const remember = (event: FocusEvent) => {
    const target = event.target;
    if (!(target instanceof HTMLElement) || target === doc.body) return;
    if (moving) return;
    held = null;
    for (let i = history.length - 1; i >= 0; i -= 1) {
      if (history[i] === target || !history[i]!.isConnected) history.splice(i, 1);
    }
    history.push(target);
    if (history.length > HISTORY) history.shift();
    pending = null;
  };

  const fallback = (): HTMLElement | null => {
    for (let i = history.length - 1; i >= 0; i -= 1) {
      const el = history[i]!;
      if (isFocusable(el)) return el;
    }
    return pageHome(doc);
  };

  const check = () => {
    scheduled = 0;
    if (held) {
      if (!held.owner.isConnected || doc.activeElement !== held.holder) held = null;
      else if (isFocusable(held.owner)) {
        const { owner } = held;
        held = null;
        move(owner);
        return;
      }
    }
    if (!lostToBody(doc)) {
      pending = null;
      return;
    }
    const last = history.at(-1) ?? null;
    if (!pending) {
      if (!last) return;
      // Still there and usable: the user clicked the background on purpose.
      if (isFocusable(last)) return;
      pending = last;
      pendingSince = win.performance.now();
    }
    if (isFocusable(pending)) {
      move(pending);
      return;
    }
    const waiting = pending.isConnected && win.performance.now() - pendingSince < wait;
    if (waiting) {
      win.clearTimeout(timer);
      timer = win.setTimeout(schedule, wait);
      return;
    }
    const owner = pending;
    pending = null;
    const holder = fallback();
    if (!holder) return;
    move(holder);
    if (owner.isConnected) held = { owner, holder };
  };

  function schedule() {
    if (scheduled) return;
    // After the browser has moved focus off a control it disabled or removed.
    scheduled = win.requestAnimationFrame(check);
  }

  const observer = new win.MutationObserver(schedule);
  observer.observe(doc.body, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['disabled', 'inert', 'aria-hidden', 'hidden', 'class', 'style'],
  });
  doc.addEventListener('focusin', remember, true);
  doc.addEventListener('focusout', schedule, true);

  return {
    stop() {
      observer.disconnect();
      doc.removeEventListener('focusin', remember, true);
      doc.removeEventListener('focusout', schedule, true);
      win.cancelAnimationFrame(scheduled);
      win.clearTimeout(timer);
    },
  };
}

/**
 * Sends focus to an action's result (the report, the first invalid field). Elements that are not
 * focusable by themselves (a list, a status line) are made programmatically focusable first.
 */
export function moveFocusTo(element: HTMLElement | null | undefined): void {
  if (!element) return;
  if (element.tabIndex < 0 && !element.hasAttribute('tabindex')) element.tabIndex = -1;
  element.focus({ preventScroll: false });
}
