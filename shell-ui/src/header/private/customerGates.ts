// The gates of the private header: the conditions (lib/flagCondition.ts) its prerendered parts
// show on. The prerender cannot know the customer, so every part that depends on the customer's
// access or data is rendered hidden with a condition over "facts"; the edge evaluates the
// conditions against the request's flags plus these facts and unhides what holds; React renders
// hidden by the same rule. The edge derives the facts from the shell state exactly as
// customerFacts does (the contract: prerender/README.md, prerender/testdata/private-contract.json).
// The fact names are defined once, in Go (caddy-module/shellstate/private_header.go).
import {
  AccessFactPrefix,
  type CustomerFact as CustomerFactName,
  DistributorFactPrefix,
  IdentifierFactPrefix,
  IdentifierKindValues,
  type ShellState,
} from '../../model/shellState.gen.ts';

/** accessFact is the fact of one product access value: "access:HAS_FIXED_DEPOSIT_ACCOUNT". */
export const accessFact = (value: string) => `${AccessFactPrefix}${value}`;

/** distributorFact is the fact of the customer's distributor: "distributor:dkb". */
export const distributorFact = (id: string) => `${DistributorFactPrefix}${id}`;

/** identifierFact is the fact that the account menu has an identifier of this kind: "customer:id:iban". */
export const identifierFact = (kind: string) => `${IdentifierFactPrefix}${kind}`;

/** IdentifierKinds are the account identifier kinds, in the order the account menu lists them. */
export const IdentifierKinds = IdentifierKindValues;

/** CustomerFact names the facts about the customer's header block (shellstate.CustomerFact). */
export const CustomerFact = {
  /** balance: the balance box shows (account state ACTIVE, or unknown with a not-available notice; spec 4, 8). */
  balance: 'customer:balance',
  /** balanceAvailable: the amounts show; otherwise the not-available notice. */
  balanceAvailable: 'customer:balance-available',
  totalNegative: 'customer:total-negative',
  availableNegative: 'customer:available-negative',
  /** restricted: the account menu shows its reduced set. */
  restricted: 'customer:restricted',
  /** company: a company customer (German company links). */
  company: 'customer:company',
  /** unread: the dot on nav items flagged enableBadge. */
  unread: 'customer:unread',
} as const satisfies Record<string, CustomerFactName>;

/** BalanceAmountsGate is the condition the balance figures show on, in the bar and the account menu. */
export const BalanceAmountsGate = `${CustomerFact.balance} ${CustomerFact.balanceAvailable}`;

/** BalanceNoticeGate is the condition the not-available notice shows on, in the bar and the account menu. */
export const BalanceNoticeGate = `${CustomerFact.balance} !${CustomerFact.balanceAvailable}`;

// A key the edge's condition parser accepts (caddy-module/flags: no ! " ' < > = and no space).
const safeKey = /^[A-Za-z0-9_.:-]+$/;

/**
 * customerFacts are the facts of a state: true entries only (a missing fact is false). Values
 * that could not be a condition key (a distributor id with a space) give no fact.
 */
export function customerFacts(state: Pick<ShellState, 'access' | 'customer'>): Record<string, boolean> {
  const facts: Record<string, boolean> = {};
  const add = (key: string, on = true) => {
    if (on && safeKey.test(key)) facts[key] = true;
  };
  for (const value of state.access ?? []) add(accessFact(value));
  const c = state.customer;
  if (!c) return facts;
  // An unknown state (an account call failed) shows the box with its notice (spec 8).
  add(CustomerFact.balance, c.state === 'ACTIVE' || (!c.state && c.balanceIsNotAvailable && c.notAvailableMessage != null));
  const amounts = !c.balanceIsNotAvailable && c.totalBalance != null && c.availableBalance != null;
  add(CustomerFact.balanceAvailable, amounts);
  add(CustomerFact.totalNegative, amounts && c.totalBalance!.isNegative);
  add(CustomerFact.availableNegative, amounts && c.availableBalance!.isNegative);
  add(CustomerFact.restricted, c.restricted);
  add(CustomerFact.company, c.isCompanyCustomer);
  add(CustomerFact.unread, c.showUnreadMessage);
  for (const id of c.accountIds ?? []) {
    if ((IdentifierKinds as readonly string[]).includes(id.id)) add(identifierFact(id.id));
  }
  if (c.distributorId) add(distributorFact(c.distributorId));
  return facts;
}
