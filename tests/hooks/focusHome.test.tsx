// The one focus rule (src/ui/focus/focusHome.ts) on a real DOM: a control that disables itself
// while its action runs gets focus back when it is enabled again; a removed control hands focus to
// the last one still there; a click on the background (the control still usable) is left alone.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installFocusHome, type FocusHome } from '../../src/ui/focus/focusHome';

const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

let home: FocusHome;
beforeEach(() => {
  document.body.innerHTML = `<main tabindex="-1"><h1 tabindex="-1">Reports</h1>
    <button id="clear">Clear</button><button id="report">Report</button></main>`;
  // Laid out: the rule skips controls that are not rendered.
  for (const el of document.querySelectorAll('button, h1'))
    Object.defineProperty(el, 'getClientRects', { value: () => [{ width: 10, height: 10 }] });
  home = installFocusHome(document, 200);
});
afterEach(() => home.stop());

const button = (id: string) => document.getElementById(id) as HTMLButtonElement;

describe('focus home', () => {
  it('gives focus back to the control that started the action once it is enabled again', async () => {
    button('report').focus();
    // What Chromium does when a focused button disables: focus drops to <body>.
    button('report').blur();
    button('report').disabled = true;
    await frame();
    expect(document.activeElement).toBe(document.body);
    button('report').disabled = false;
    await frame();
    expect(document.activeElement).toBe(button('report'));
  });

  it('hands focus to the last control still there when the one that had it is removed', async () => {
    button('clear').focus();
    button('report').focus();
    button('report').remove();
    await frame();
    expect(document.activeElement).toBe(button('clear'));
  });

  it('moves on to the nearest home when a disabled control stays disabled', async () => {
    button('clear').focus();
    button('report').focus();
    // What Chromium does when a focused button disables: focus drops to <body>.
    button('report').blur();
    button('report').disabled = true;
    await new Promise((resolve) => setTimeout(resolve, 400));
    await frame();
    expect(document.activeElement).toBe(button('clear'));
    // Enabled at last, and the user has not moved on: focus returns to it.
    button('report').disabled = false;
    await frame();
    expect(document.activeElement).toBe(button('report'));
  });

  it('does not take focus back from where the user has moved meanwhile', async () => {
    button('clear').focus();
    button('report').focus();
    button('report').blur();
    button('report').disabled = true;
    await new Promise((resolve) => setTimeout(resolve, 400));
    await frame();
    expect(document.activeElement).toBe(button('clear'));
    document.querySelector<HTMLElement>('h1')!.focus();
    button('report').disabled = false;
    await frame();
    expect(document.activeElement).toBe(document.querySelector('h1'));
  });

  it('hands focus back to the control that opened a dialog however many of its controls were visited', async () => {
    // The navigation drawer: its trigger, then a dozen and more links and buttons tabbed through.
    // When it closes, React Aria's own restore may come while the page behind is still inert (and
    // do nothing); this rule then has to find the trigger in what was focused before the dialog.
    button('report').focus();
    const dialog = document.createElement('div');
    for (let i = 0; i < 20; i++) {
      const b = document.createElement('button');
      b.textContent = `Link ${i}`;
      Object.defineProperty(b, 'getClientRects', { value: () => [{ width: 10, height: 10 }] });
      dialog.append(b);
    }
    document.body.append(dialog);
    for (const b of dialog.querySelectorAll('button')) b.focus();
    (document.activeElement as HTMLElement).blur();
    dialog.remove();
    await frame();
    expect(document.activeElement).toBe(button('report'));
  });

  it('leaves a deliberate move to the background alone', async () => {
    button('report').focus();
    button('report').blur();
    await frame();
    expect(document.activeElement).toBe(document.body);
  });
});
