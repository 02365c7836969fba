/**
 * afterFrame runs its function once, in a task after the next frame (a frame's animation
 * callbacks run before it is painted), or after boundMs in a tab that paints no frame (in the
 * background), whichever comes first.
 */
export function afterFrame(then: () => void, boundMs: number) {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    then();
  };
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(run));
  setTimeout(run, boundMs);
}
