import type { SwitchableAccount } from '../../model/shellState.gen.ts';
import { useHydrated } from '../../lib/useHydrated.ts';
import { SwitchAccountAction } from './privateContent.ts';

export interface AccountSwitcherProps {
  accounts: SwitchableAccount[] | null | undefined;
  heading: string;
  headingId: string;
}

/**
 * AccountSwitcher lists the accounts the customer may switch to, each a form posting its
 * customer id. Its length varies per customer, so it has no prerendered slots: it appears
 * right after hydration, inside the closed menu, before anyone can open it.
 */
export function AccountSwitcher({ accounts, heading, headingId }: AccountSwitcherProps) {
  const hydrated = useHydrated();
  if (!hydrated || !accounts || accounts.length === 0) return null;
  return (
    <li role="none" className="shell-account__switch">
      <span id={headingId} className="shell-account__switch-heading">
        {heading}
      </span>
      <ul role="group" aria-labelledby={headingId} className="shell-account__switch-list">
        {accounts.map((a) => (
          <li key={a.customerId} role="none">
            <form method="post" action={SwitchAccountAction}>
              <input type="hidden" name="customerId" value={a.customerId} />
              <button type="submit" role="menuitem">
                {`${a.firstName} ${a.lastName}`}
              </button>
            </form>
          </li>
        ))}
      </ul>
    </li>
  );
}
