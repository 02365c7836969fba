import { gateProps } from '../../lib/flagCondition.ts';
import type { Customer } from '../../model/shellState.gen.ts';
import { useShellSettings } from '../../shell/ShellContext.tsx';
import { IdentifierKinds, identifierFact } from './customerGates.ts';
import type { CustomerText } from './customerSlots.ts';
import type { PrivateLabels } from './privateContent.ts';

export interface AccountIdentifiersProps {
  text: CustomerText;
  labels: PrivateLabels;
  /** customer gives the texts to copy; null in the prerender. */
  customer: Customer | null;
  /** copied is the kind whose text was just copied. */
  copied: string | null;
  onCopy: (kind: string, text: string) => void;
}

/**
 * AccountIdentifiers are the account menu's identifiers (IBAN, account number, sort code),
 * each a menu item that copies it: shown grouped, copied in electronic format (the edge gives
 * both texts), marked "copied" for 3 s.
 */
export function AccountIdentifiers({ text, labels, customer, copied, onCopy }: AccountIdentifiersProps) {
  const { flags } = useShellSettings();
  return (
    <>
      {IdentifierKinds.map((kind) => {
        const isCopied = copied === kind;
        return (
          <li key={kind} role="none" {...gateProps(identifierFact(kind), flags)}>
            <button
              type="button"
              role="menuitem"
              className="shell-account__copy"
              data-copied={isCopied ? 'true' : undefined}
              onClick={() => {
                const id = customer?.accountIds?.find((a) => a.id === kind);
                if (id) onCopy(kind, id.copy);
              }}
            >
              <span className="shell-account__id-label">{text(`id.${kind}.label`)}</span>
              <span className="shell-account__id-value">{text(`id.${kind}.display`)}</span>
              <span className="shell-account__copy-state">{isCopied ? labels.copied : labels.copy}</span>
            </button>
          </li>
        );
      })}
    </>
  );
}
