import { describe, expect, test } from 'vitest';
import { flagConditionHolds } from '../../lib/flagCondition.ts';
import { CustomerFactValues } from '../../model/shellState.gen.ts';
import { CustomerFact, customerFacts } from './customerGates.ts';
import { Personas } from './testing/personas.ts';

describe('customerFacts', () => {
  test.each([
    ['an active customer with an IBAN', Personas.active, [], ['customer:balance', 'customer:balance-available', 'customer:id:iban']],
    ['unread messages', Personas.unread, [], ['customer:balance', 'customer:balance-available', 'customer:id:iban', 'customer:unread']],
    ['a company customer', Personas.company, [], ['customer:balance', 'customer:balance-available', 'customer:company', 'customer:id:iban']],
    ['a suspended, restricted account: no balance box', Personas.restricted, [], ['customer:balance-available', 'customer:id:iban', 'customer:restricted']],
    ['a negative available balance', Personas.negative, [], ['customer:available-negative', 'customer:balance', 'customer:balance-available', 'customer:id:iban']],
    ['an account under maintenance: the notice', Personas.maintenance, [], ['customer:balance', 'customer:id:iban']],
    ['a UK customer: account number and sort code', Personas.uk, [], ['customer:balance', 'customer:balance-available', 'customer:id:accountNumber', 'customer:id:sortCode']],
    ['a partner distributor', Personas.partner, [], ['customer:balance', 'customer:balance-available', 'customer:id:iban', 'distributor:dkb_retail']],
    ['access values', Personas.active, ['HAS_FIXED_DEPOSIT_ACCOUNT', 'term_product_access'], ['access:HAS_FIXED_DEPOSIT_ACCOUNT', 'access:term_product_access', 'customer:balance', 'customer:balance-available', 'customer:id:iban']],
  ])('%s', (_name, customer, access, want) => {
    expect(Object.keys(customerFacts({ access, customer })).sort()).toEqual(want);
  });

  test('without a customer only access counts', () => {
    expect(customerFacts({ access: ['HAS_CRYPTO'], customer: null })).toEqual({ 'access:HAS_CRYPTO': true });
  });

  test('values that cannot be a condition key give no fact', () => {
    const facts = customerFacts({ access: ['HAS X', 'a"b', 'ok'], customer: { ...Personas.active, distributorId: 'dkb retail' } });
    expect(Object.keys(facts).filter((k) => k.startsWith('access:') || k.startsWith('distributor:'))).toEqual(['access:ok']);
  });

  test.each([
    ['term menu: fixed', ['HAS_FIXED_DEPOSIT_ACCOUNT'], 'access:HAS_FIXED_DEPOSIT_ACCOUNT|access:HAS_FLEX_DEPOSIT_ACCOUNT', true],
    ['term menu: flex', ['HAS_FLEX_DEPOSIT_ACCOUNT'], 'access:HAS_FIXED_DEPOSIT_ACCOUNT|access:HAS_FLEX_DEPOSIT_ACCOUNT', true],
    ['term menu: overnight only', ['HAS_OVERNIGHT_DEPOSIT_ACCOUNT'], 'access:HAS_FIXED_DEPOSIT_ACCOUNT|access:HAS_FLEX_DEPOSIT_ACCOUNT', false],
    ['finance menu, default distributor', [], '!distributor:dkb_retail', true],
  ])('facts meet conditions: %s', (_name, access, condition, want) => {
    expect(flagConditionHolds(condition, customerFacts({ access, customer: Personas.active }))).toBe(want);
  });
});

// The edge derives the same facts (caddy-module/contract_test.go): every fact the shell names
// is one shellstate defines, and the other way round.
test('the customer facts are shellstate.CustomerFact', () => {
  expect(Object.values(CustomerFact).sort()).toEqual([...CustomerFactValues].sort());
});
