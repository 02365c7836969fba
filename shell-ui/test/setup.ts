// Vitest setup: Testing Library cleanup, the axe matcher, and React's act() environment.
import { cleanup } from '@testing-library/react';
import { afterEach, expect } from 'vitest';
import * as axeMatchers from 'vitest-axe/matchers';

expect.extend(axeMatchers);

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  cleanup();
  document.body.removeAttribute('style');
  document.documentElement.removeAttribute('style');
  delete document.documentElement.dataset.shellReady;
});

declare module 'vitest' {
  interface Assertion<T> {
    toHaveNoViolations(): T;
  }
}
