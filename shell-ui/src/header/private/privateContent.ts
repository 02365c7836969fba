// What one market's private header shows (spec 2.1, 2.2, 2.3, 6): its menus and account menu,
// written once in src/content/private/; the types are the model's (model/private.ts).
export type { AccountMenuEntry, PrivateContent, PrivateLabels } from '../../model/private.ts';

/** LogoutAction is where the logout form posts (the edge ends the session; works without JS). */
export const LogoutAction = '/_shell/auth/logout';

/**
 * SwitchAccountAction is where an account switch posts, with the field customerId. The spec
 * does not show the switch call; the edge owns it (prerender/README.md).
 */
export const SwitchAccountAction = '/_shell/session/switch-account';
