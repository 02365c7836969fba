// Vitest setup: Testing Library cleanup, the axe matcher (test/axe.ts), and React's act() environment.
import { cleanup } from '@testing-library/react';
import { afterEach, expect } from 'vitest';
import { toHaveNoViolations } from './axe.ts';

expect.extend({ toHaveNoViolations });

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
