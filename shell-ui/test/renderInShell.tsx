import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { ShellSettingsProvider } from '../src/shell/ShellContext.tsx';
import type { ShellSettings } from '../src/shell/ShellContext.tsx';

/** renderInShell renders a shell component with the settings a page would give it. */
export function renderInShell(ui: ReactElement, settings: Partial<ShellSettings> = {}) {
  const value: ShellSettings = { locale: 'de-DE', basePath: '', serverPath: null, flags: {}, ...settings };
  return render(<ShellSettingsProvider value={value}>{ui}</ShellSettingsProvider>);
}
