import { describe, expect, it } from 'vitest';
import { DepositAccess, ProductAccess, headerAccount, isManagedPortfolio, isMigratedRobo, isPendingActivation, needsDataValidityCheck } from './customer.ts';

describe('headerAccount (spec 4: first in ACTIVE, SUSPENDED, CLOSED or CLOSING_IN_PROGRESS, else the first)', () => {
  it.each([
    ['no accounts', [], undefined],
    ['one requested account', [{ id: 'a', state: 'REQUESTED' }], 'a'],
    ['the first usable one after others', [{ id: 'a', state: 'INITIATED' }, { id: 'b', state: 'CLOSED' }, { id: 'c', state: 'ACTIVE' }], 'b'],
    ['suspended counts', [{ id: 'a', state: 'REQUESTED' }, { id: 'b', state: 'SUSPENDED' }], 'b'],
    ['closing counts', [{ id: 'a', state: 'INITIATED' }, { id: 'b', state: 'CLOSING_IN_PROGRESS' }], 'b'],
    ['none usable: the first', [{ id: 'a', state: 'INITIATED' }, { id: 'b', state: 'REQUESTED' }], 'a'],
  ])('%s', (_name, accounts, want) => {
    expect(headerAccount(accounts)?.id).toBe(want);
  });
});

describe('isPendingActivation', () => {
  it.each([
    ['PENDING_KYC', true],
    ['PENDING_ACCOUNT_ACTIVATION', true],
    ['PENDING_SOLARIS_ACTIVATION', true],
    ['UNKNOWN', false],
    ['ACTIVE', false],
    ['PENDING_', false],
  ])('%s', (status, want) => {
    expect(isPendingActivation(status)).toBe(want);
  });
});

describe('needsDataValidityCheck', () => {
  it.each([
    ['EXPIRED', true],
    ['REVALIDATE', true],
    ['VALID', false],
    [undefined, false],
  ])('%s', (status, want) => {
    expect(needsDataValidityCheck(status)).toBe(want);
  });
});

describe('managed portfolio and migrated robo instances (spec 4)', () => {
  const instance = (template: string, state = 'ACTIVE', category = 'LIQUID') => ({ instance_template_domain_id: template, state, product_category: category });
  it.each([
    ['a live liquid DWM instance', instance('DWM70'), true, false],
    ['a Dutch DWM instance', instance('DWMMM_NL', 'ORDERED'), true, false],
    ['a rejected DWM instance', instance('DWM70', 'REJECTED'), false, false],
    ['a closed DWM instance', instance('DWM70', 'CLOSED'), false, false],
    ['a closing DWM instance still counts', instance('DWM50', 'CLOSING_PENDING'), true, false],
    ['an illiquid DWM instance', instance('DWM70', 'ACTIVE', 'ILLIQUID'), false, false],
    ['a live robo instance', instance('ROBO50'), false, true],
    ['a closed robo instance', instance('ROBO50', 'CLOSED'), false, false],
    ['a pension instance', instance('RURUP70'), false, false],
  ])('%s', (_name, i, dwm, robo) => {
    expect([isManagedPortfolio(i), isMigratedRobo(i)]).toEqual([dwm, robo]);
  });
});

it('maps each deposit type to the access value spec 3 names', () => {
  expect(DepositAccess).toEqual({
    overnight_account: 'HAS_OVERNIGHT_DEPOSIT_ACCOUNT',
    notice_account: 'HAS_NOTICE_DEPOSIT_ACCOUNT',
    term_deposit: 'HAS_FIXED_DEPOSIT_ACCOUNT',
  });
  expect(Object.values(DepositAccess).every((v) => Object.values(ProductAccess).includes(v))).toBe(true);
});
