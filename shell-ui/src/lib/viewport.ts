// Breakpoints of the shell, in one place for CSS-independent checks inside event handlers
// and effects. Renders never read them: server and first client render must agree.

/** LargeBreakpoint is where desktop menus start (lg). */
export const LargeBreakpoint = 992;

/** isLargeViewport tells whether the viewport is lg or wider; true where it cannot tell. */
export function isLargeViewport(): boolean {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return true;
  return window.matchMedia(`(min-width: ${LargeBreakpoint}px)`).matches;
}
