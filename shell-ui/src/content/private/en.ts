import type { PrivateTexts } from './menus.ts';

/** The private header's words in English, for every market in the language. */
export const texts: PrivateTexts = {
  labels: {
    accountMenu: 'Account menu',
    balance: 'Account balance',
    copy: 'Copy',
    copied: 'Copied',
    switchAccount: 'Switch account',
    logout: 'Log out',
    moreInfo: 'More information',
  },
  titles: {
    dashboard: 'Overview',
    savings: 'Savings',
    term: 'Fixed-term deposits',
    overnight: 'Easy access',
    notice: 'Notice accounts',
    offers: 'Offers',
    'offers-all': 'All offers',
    'offers-overnight': 'Easy access offers',
    'offers-notice': 'Notice account offers',
    finance: 'Finance',
    tax: 'Tax',
    protection: 'Deposit protection',
    postbox: 'Inbox',
    messages: 'Messages',
    documents: 'Documents',
    transactions: 'Transactions',
    withdraw: 'Withdraw',
    security: 'Login and security',
    sessions: 'Signed-in devices',
    'my-data': 'My details',
    notifications: 'Notifications',
  },
  newMessages: 'New messages',
};
