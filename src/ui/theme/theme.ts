// The light/dark theme (docs/dev/product-rules.md#records "Saved browser preferences", docs/dev/product-rules.md#constants default light): kept in local
// storage under STORAGE_KEYS.theme and applied as data-theme on <html>, which styles.css keys off.
import { DEFAULT_THEME, STORAGE_KEYS, THEMES, type Theme } from '../../domain/constants';

const isTheme = (value: unknown): value is Theme => THEMES.includes(value as Theme);

export function readStoredTheme(): Theme {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEYS.theme);
    return isTheme(stored) ? stored : DEFAULT_THEME;
  } catch {
    // Storage can be disabled (privacy settings); the app still works in the default theme.
    return DEFAULT_THEME;
  }
}

export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
}

export function storeTheme(theme: Theme): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.theme, theme);
  } catch {
    // Not persisted, but still applied for this session.
  }
}

/** Called before the first render so the page never flashes in the wrong theme. */
export function applyStoredTheme(): Theme {
  const theme = readStoredTheme();
  applyTheme(theme);
  return theme;
}

export { isTheme };
