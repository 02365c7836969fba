import { Partners } from '../../content/partners.ts';
import type { Partner } from '../../content/partners.ts';
import type { ShellState } from '../../model/shellState.gen.ts';

/**
 * cobrandedPartner is the partner a logged-in customer's header shows: the logo
 * /customer/cobranding answered (the edge passes an https or inline one only, else ""), with the
 * partner's name from src/content/partners.ts as its alternative text, or as the text shown
 * when there is no logo. null for customers of the platform's own distributors.
 */
export function cobrandedPartner(customer: ShellState['customer']): Partner | null {
  const cb = customer?.cobranding;
  if (!cb) return null;
  const name = Partners[cb.distributorId || customer.distributorId || '']?.name ?? '';
  return { name, logoUrl: cb.logoUrl };
}
