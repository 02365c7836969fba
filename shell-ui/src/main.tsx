// The shell's client entry: the gateway puts this script (a module, so it runs after parsing)
// and the stylesheet in every page's head.
import './shell/base.css';
import { hydrateShell } from './shell/hydrateShell.tsx';

void hydrateShell(document);
