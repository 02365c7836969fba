// Vitest setup: Testing Library cleanup, the axe matcher (test/axe.ts), and React's act() environment.
import { cleanup, configure } from '@testing-library/react';
import { afterEach, expect } from 'vitest';
import { toHaveNoViolations } from './axe.ts';

expect.extend({ toHaveNoViolations });

// findBy*/waitFor wait for what comes later, such as a lazily imported chunk (the market
// dialog), which Vitest transforms on first import: on a loaded two-core CI machine that took
// over Testing Library's default 1 s. A condition met sooner still ends the wait at once.
configure({ asyncUtilTimeout: 10_000 });

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
