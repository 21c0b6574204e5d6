// Key-to-paint in a filter field of Analysis: for each key typed into 'SampleID starts with', the
// time from the key's event (KeyboardEvent.timeStamp, when the browser received it) to the frame
// that shows the new text. A filter field applies on Enter (docs/dev/product-rules.md#screens), so a key must cost a frame,
// not a re-render of the table. Measured in the page with requestAnimationFrame.
import type { Page } from 'playwright-core';

interface TypingGlobals {
  document: {
    activeElement: { value?: string } | null;
    addEventListener(type: string, listener: (event: { timeStamp: number }) => void, capture: boolean): void;
  };
  requestAnimationFrame(callback: (time: number) => void): number;
  keyToPaint: number[];
}

/** Types `text` into the focused field, one key at a time; returns each key's key-to-paint (ms). */
export async function measureKeyToPaint(page: Page, text: string): Promise<number[]> {
  await page.evaluate(() => {
    const g = globalThis as unknown as TypingGlobals;
    g.keyToPaint = [];
    g.document.addEventListener(
      'keydown',
      (event) => {
        const at = event.timeStamp;
        // The next frame shows the character; a task queued from its animation-frame callback
        // runs once that frame has been painted.
        g.requestAnimationFrame(() => setTimeout(() => g.keyToPaint.push(performance.now() - at), 0));
      },
      true,
    );
  });
  for (let i = 0; i < text.length; i++) {
    await page.keyboard.type(text[i]!);
    // One key at a time, as a person types: the next key comes after this one was painted.
    await page.waitForFunction((n) => (globalThis as unknown as TypingGlobals).keyToPaint.length >= n, i + 1);
  }
  return page.evaluate(() => (globalThis as unknown as TypingGlobals).keyToPaint);
}
