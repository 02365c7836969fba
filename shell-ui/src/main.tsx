// The shell's client entry: the gateway puts this script (a module, so it runs after parsing)
// and the stylesheet in every page's head. It holds no React: the prerendered header and footer
// work as HTML until the visitor reaches for a control or the browser is idle, and then
// hydrateLazily loads the shell's components and hydrates them (shell/hydrateLazily.ts).
import './shell/base.css';
import { hydrateLazily } from './shell/hydrateLazily.ts';

hydrateLazily(document);
