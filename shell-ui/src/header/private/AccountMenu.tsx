import { useId } from 'react';
import { isActiveHref } from '../../lib/activeLink.ts';
import { gateProps } from '../../lib/flagCondition.ts';
import { resolveHref } from '../../lib/href.ts';
import type { Customer } from '../../model/shellState.gen.ts';
import { useCurrentLocation, useShellSettings } from '../../shell/ShellContext.tsx';
import { AccountIdentifiers } from './AccountIdentifiers.tsx';
import { AccountSwitcher } from './AccountSwitcher.tsx';
import { BalanceAmountsGate, BalanceNoticeGate } from './customerGates.ts';
import type { CustomerText } from './customerSlots.ts';
import type { AccountMenuEntry, PrivateLabels } from './privateContent.ts';
import { useAccountMenu } from './useAccountMenu.ts';
import { useCopiedIdentifier } from './useCopiedIdentifier.ts';
import type { Clipboard } from './useCopiedIdentifier.ts';

export interface AccountMenuProps {
  entries: AccountMenuEntry[];
  labels: PrivateLabels;
  text: CustomerText;
  customer: Customer | null;
  /** logoutFormId is the header's logout form, which the menu's Logout item submits. */
  logoutFormId: string;
  clipboard?: () => Clipboard | undefined;
}

function EntryLink({ entry, onNavigate }: { entry: AccountMenuEntry; onNavigate: () => void }) {
  const { basePath, flags } = useShellSettings();
  const at = useCurrentLocation();
  const href = resolveHref(entry.href, basePath);
  return (
    <li role="none" {...gateProps(entry.gate, flags)}>
      <a role="menuitem" href={href} aria-current={isActiveHref(href, at) ? 'page' : undefined} onClick={onNavigate}>
        {entry.title}
      </a>
    </li>
  );
}

/**
 * AccountMenu is the avatar menu button and its menu (spec 2.2): the customer's name, both
 * balance figures (the bar shows only the total below 1280 px: README.md), the account
 * identifiers to copy, the entries (gated: the restricted set, market and flag
 * conditions), the switchable accounts, and Logout.
 */
export function AccountMenu({ entries, labels, text, customer, logoutFormId, clipboard }: AccountMenuProps) {
  const menuId = useId();
  const switchHeadingId = useId();
  const { flags } = useShellSettings();
  const copied = useCopiedIdentifier(clipboard);
  const menu = useAccountMenu(copied.clear);
  return (
    <div className="shell-account" ref={menu.rootRef}>
      <button className="shell-account__button" {...menu.buttonProps(menuId)}>
        <span className="shell-avatar" aria-hidden="true">
          {text('initials')}
        </span>
        <span className="shell-visually-hidden">{labels.accountMenu}</span>
      </button>
      <div className="shell-account__popup" hidden={!menu.open}>
        <p className="shell-account__name">{text('displayName')}</p>
        <dl className="shell-account__balance" aria-label={labels.balance} {...gateProps(BalanceAmountsGate, flags)}>
          <div className="shell-account__balance-figure">
            <dt>{text('total.label')}</dt>
            <dd>{text('total.amount')}</dd>
          </div>
          <div className="shell-account__balance-figure">
            <dt>{text('available.label')}</dt>
            <dd>{text('available.amount')}</dd>
          </div>
        </dl>
        {/* On a phone the bar has no balance box: the notice and its reason show here (spec 8). */}
        <p className="shell-account__notice" {...gateProps(BalanceNoticeGate, flags)}>
          <strong>{text('notice.title')}</strong>
          <span>{text('notice.tooltip')}</span>
        </p>
        <ul id={menuId} role="menu" aria-label={labels.accountMenu} className="shell-account__menu" {...menu.menuProps}>
          <AccountIdentifiers text={text} labels={labels} customer={customer} copied={copied.copied} onCopy={(kind, t) => void copied.copy(kind, t)} />
          <li role="separator" className="shell-account__separator" />
          {entries.map((entry) => (
            <EntryLink key={entry.id} entry={entry} onNavigate={() => menu.close(false)} />
          ))}
          <AccountSwitcher accounts={customer?.switchableAccounts} heading={labels.switchAccount} headingId={switchHeadingId} />
          <li role="none">
            <button type="submit" form={logoutFormId} role="menuitem">
              {labels.logout}
            </button>
          </li>
        </ul>
        <p className="shell-visually-hidden" aria-live="polite">
          {copied.copied ? labels.copied : ''}
        </p>
      </div>
    </div>
  );
}
