import { useId } from 'react';
import { gateProps } from '../../lib/flagCondition.ts';
import { useShellSettings } from '../../shell/ShellContext.tsx';
import { BalanceAmountsGate, BalanceNoticeGate, CustomerFact } from './customerGates.ts';
import type { CustomerText } from './customerSlots.ts';
import type { PrivateLabels } from './privateContent.ts';
import { useTooltip } from './useTooltip.ts';

export interface BalanceBoxProps {
  text: CustomerText;
  labels: PrivateLabels;
}

/**
 * BalanceBox shows the total and available balance, or the not-available notice with its
 * tooltip (maintenance or fetch error). It shows for an ACTIVE account (spec 5), and with its
 * notice when an account call failed and the state is unknown (spec 8); every part is gated,
 * so the edge shows the right one in the first HTML. The total is the box's
 * headline; the available balance is its small second line, which the bar leaves out below
 * 1280 px, where the account menu carries both figures (README.md: the layout).
 */
export function BalanceBox({ text, labels }: BalanceBoxProps) {
  const { flags } = useShellSettings();
  const tooltipId = useId();
  const tooltip = useTooltip();
  return (
    <section className="shell-balance" aria-label={labels.balance} {...gateProps(CustomerFact.balance, flags)}>
      <dl className="shell-balance__figures" {...gateProps(BalanceAmountsGate, flags)}>
        <div className="shell-balance__total">
          <dt className="shell-balance__label">{text('total.label')}</dt>
          <dd className="shell-balance__value">
            <span className="shell-balance__amount">{text('total.amount')}</span>
            <span className="shell-balance__negative" {...gateProps(CustomerFact.totalNegative, flags)} />
          </dd>
        </div>
        <div className="shell-balance__available">
          <dt className="shell-balance__label">{text('available.label')}</dt>
          <dd className="shell-balance__value">
            <span className="shell-balance__amount">{text('available.amount')}</span>
            <span className="shell-balance__negative" {...gateProps(CustomerFact.availableNegative, flags)} />
          </dd>
        </div>
      </dl>
      <div className="shell-balance__notice" {...gateProps(BalanceNoticeGate, flags)}>
        <span className="shell-balance__notice-title">{text('notice.title')}</span>
        <span className="shell-balance__tip">
          <button type="button" className="shell-balance__tip-button" aria-describedby={tooltipId} {...tooltip.triggerProps}>
            <span className="shell-visually-hidden">{labels.moreInfo}</span>
            <span aria-hidden="true">i</span>
          </button>
          <span id={tooltipId} role="tooltip" className="shell-balance__tooltip" hidden={!tooltip.shown}>
            {text('notice.tooltip')}
          </span>
        </span>
      </div>
    </section>
  );
}
