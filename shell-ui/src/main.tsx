// The shell's client entry: the gateway puts this script (a module, so it runs after parsing)
// and the stylesheet in every page's head. It holds no React: the prerendered header and footer
// work as HTML until the visitor reaches for a control or the browser is idle, and then
// hydrateLazily loads the shell's components and hydrates them (shell/hydrateLazily.ts).
import './shell/base.css';
import { afterFirstPaint, hydrateLazily } from './shell/hydrateLazily.ts';

// After the first paint: reading the state, listening on the mounts and asking for the
// marketing chunk were ~10-25 ms of a slow phone's main thread before it (bench/HISTORY.md,
// 2026-11-27 "paint"); nothing can be tapped before the first paint.
afterFirstPaint(() => hydrateLazily(document));
