/** The app theme (docs/product.md#shell-and-sign-in): read from localStorage `theme` at start, set as data-theme on <html>, saved on change. */
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react';
import {
  APP_THEMES,
  type AppTheme,
  DEFAULT_APP_THEME,
  THEME_STORAGE_KEY,
} from '~/domain/shared/app-theme';
import { DEVELOPER_MESSAGES } from '~/domain/shared/developer-messages';

export function parseTheme(value: unknown): AppTheme {
  return APP_THEMES.includes(value as AppTheme) ? (value as AppTheme) : DEFAULT_APP_THEME;
}

export function readStoredTheme(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
): AppTheme {
  try {
    return parseTheme(storage?.getItem(THEME_STORAGE_KEY));
  } catch {
    return DEFAULT_APP_THEME;
  }
}

export function applyTheme(theme: AppTheme, root: HTMLElement = document.documentElement): void {
  root.setAttribute('data-theme', theme);
}

interface ThemeContextValue {
  theme: AppTheme;
  setTheme(theme: AppTheme): void;
}
const ThemeContext = createContext<ThemeContextValue | null>(null);

export function ThemeProvider({
  children,
  initialTheme,
}: {
  children: ReactNode;
  initialTheme?: AppTheme;
}) {
  const [theme, setState] = useState<AppTheme>(() => initialTheme ?? readStoredTheme());
  const setTheme = useCallback((next: AppTheme) => {
    applyTheme(next);
    try {
      localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // Private mode or a full quota: the theme still applies for this visit.
    }
    setState(next);
  }, []);
  // The document root always shows the provider's theme, from the first render on.
  useLayoutEffect(() => applyTheme(theme), [theme]);
  const value = useMemo(() => ({ theme, setTheme }), [theme, setTheme]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error(DEVELOPER_MESSAGES.useThemeOutsideProvider);
  return value;
}
