// A keyboard-wedge barcode scanner, as the browser meets one. The device types each key at a fixed
// rate and the operating system stamps every key with the time it arrived, however busy the page
// is; the page reads those times (KeyboardEvent.timeStamp). Playwright's keyboard.type cannot play
// that part: it waits for the page to handle each key before sending the next, so a page busy for
// 300 ms after a scan stretches the gaps of the next scan to 300 ms. Here the keys go straight to
// Chromium's input pipeline (CDP Input.dispatchKeyEvent) with the device's timestamps, all queued
// at once, exactly as a real scanner's keys wait in the OS queue while the page works.
import type { CDPSession, Page } from '@playwright/test';

const sessions = new WeakMap<Page, Promise<CDPSession>>();
const sessionOf = (page: Page): Promise<CDPSession> => {
  let session = sessions.get(page);
  if (!session) {
    session = page.context().newCDPSession(page);
    sessions.set(page, session);
  }
  return session;
};

/** Milliseconds between two keys of one scan (a typical USB wedge scanner). */
export const SCANNER_KEY_MS = 5;

/** Device time of the last key sent, so consecutive scans never overlap. */
const deviceClock = new WeakMap<Page, number>();

/** Scans `code`: its digits and Enter, SCANNER_KEY_MS apart in device time. */
export async function wedgeScan(page: Page, code: string): Promise<void> {
  const cdp = await sessionOf(page);
  // A scan takes its own time: the next one starts after it (and a 40 ms pause, as when the next
  // sample is brought under the scanner).
  const start = Math.max(Date.now(), (deviceClock.get(page) ?? 0) + 40);
  const keys = [...code].map((digit) => ({
    key: digit,
    code: `Digit${digit}`,
    text: digit,
    windowsVirtualKeyCode: digit.charCodeAt(0),
  }));
  keys.push({ key: 'Enter', code: 'Enter', text: '\r', windowsVirtualKeyCode: 13 });
  const sends = keys.flatMap((k, i) => {
    const timestamp = (start + i * SCANNER_KEY_MS) / 1000;
    return [
      cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', ...k, timestamp }),
      cdp.send('Input.dispatchKeyEvent', {
        type: 'keyUp',
        key: k.key,
        code: k.code,
        windowsVirtualKeyCode: k.windowsVirtualKeyCode,
        timestamp: timestamp + 0.001,
      }),
    ];
  });
  deviceClock.set(page, start + keys.length * SCANNER_KEY_MS);
  await Promise.all(sends);
}
