import { useId, useMemo } from 'react';
import type { LocaleContent } from '../../model/content.ts';
import type { ShellState } from '../../model/shellState.gen.ts';
import { ShellSettingsProvider, useShellSettings } from '../../shell/ShellContext.tsx';
import { rememberedAdClickId, withAdClickId } from '../../lib/adClickId.ts';
import { useHydrated } from '../../lib/useHydrated.ts';
import { Logo } from '../Logo.tsx';
import { MobilePanel } from '../MobilePanel.tsx';
import { NavBar } from '../NavBar.tsx';
import { PartnerSlot } from '../PartnerSlot.tsx';
import { AccountMenu } from './AccountMenu.tsx';
import { BalanceBox } from './BalanceBox.tsx';
import { cobrandedPartner } from './cobrandedPartner.ts';
import { customerFacts } from './customerGates.ts';
import { customerText } from './customerSlots.ts';
import { LogoutAction } from './privateContent.ts';
import type { PrivateContent } from './privateContent.ts';
import type { Clipboard } from './useCopiedIdentifier.ts';
import '../Header.css';
import './PrivateHeader.css';

export interface PrivateHeaderProps {
  content: LocaleContent;
  privateContent: PrivateContent;
  /** state gives the customer and access; null in the prerender (slots and hidden gates). */
  state: Pick<ShellState, 'access' | 'customer'> | null;
  clipboard?: () => Clipboard | undefined;
}

/**
 * PrivateHeader is the logged-in customer's header (spec 2.1, 2.2): logo, the market's private
 * menus (by product access and flags), the balance box, the avatar menu and logout (an icon
 * button, the leave-door mark PrivateHeader.css paints, whose label stays its accessible name;
 * a real form, so it works without JavaScript). How it fits from 992 px up in every market:
 * README.md. Gates see the request's flags plus the customer's facts (customerGates.ts).
 */
export function PrivateHeader({ content, privateContent, state, clipboard }: PrivateHeaderProps) {
  const settings = useShellSettings();
  const logoutFormId = useId();
  const settingsWithFacts = useMemo(() => ({ ...settings, flags: { ...settings.flags, ...(state ? customerFacts(state) : {}) } }), [settings, state]);
  // The dashboard deep link takes the visit's ad-click-id (spec 2.3), after hydration: the
  // prerendered fragment has none.
  const hydrated = useHydrated();
  const navItems = useMemo(() => {
    const id = hydrated ? rememberedAdClickId() : undefined;
    if (id === undefined) return privateContent.navItems;
    return privateContent.navItems.map((n) => (n.href !== undefined && n.id.startsWith('dashboard') ? { ...n, href: withAdClickId(n.href, id) } : n));
  }, [hydrated, privateContent.navItems]);
  const labels = content.header.labels;
  const own = privateContent.labels;
  const customer = state?.customer ?? null;
  const text = customerText(customer);
  // The prerender has no customer: the partner shows once hydrated, so hydration still matches.
  const partner = useHydrated() ? cobrandedPartner(customer) : null;
  return (
    <ShellSettingsProvider value={settingsWithFacts}>
      <header className="shell-header shell-header--private">
        <div className="shell-header__bar">
          <span className="shell-header__brand">
            <Logo item={content.header.variants.public.logoItems[0]} homeLabel={labels.homeLink} />
            {partner ? <PartnerSlot partner={partner} /> : null}
          </span>
          <MobilePanel labels={labels}>{(close) => <NavBar items={navItems} label={labels.mainNavigation} onNavigate={close} />}</MobilePanel>
          <div className="shell-private">
            <BalanceBox text={text} labels={own} />
            <AccountMenu entries={privateContent.accountMenu} labels={own} text={text} customer={customer} logoutFormId={logoutFormId} clipboard={clipboard} />
            <form id={logoutFormId} className="shell-logout" method="post" action={LogoutAction}>
              <button type="submit" className="shell-logout__button" title={own.logout}>
                <span className="shell-visually-hidden">{own.logout}</span>
              </button>
            </form>
          </div>
        </div>
      </header>
    </ShellSettingsProvider>
  );
}
