// Accessibility checks with axe-core itself: axe(node) runs it over a rendered node, and the
// toHaveNoViolations matcher (registered in setup.ts) fails with each violation's rule, impact
// and the nodes it found, so a failing test says what to fix without a rerun.
import axeCore from 'axe-core';
import type { AxeResults, Result } from 'axe-core';

/**
 * axe runs every axe-core rule over node and what it contains. The node must be in the
 * document, as a rendered component is: a detached one would be checked without the page
 * around it (its labels, landmarks and ids).
 */
export async function axe(node: Element): Promise<AxeResults> {
  if (!node.isConnected) throw new Error('axe: the node is not in the document; render it first');
  return axeCore.run(node);
}

/** describeViolations lists each violation: rule id, impact, what it asks, and each node. */
export function describeViolations(violations: Result[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes.map((n) => `  at ${n.target.join(' ')}: ${n.html}\n    ${n.failureSummary?.replaceAll('\n', '\n    ') ?? ''}`);
      return `${v.id} (${v.impact ?? 'no impact'}): ${v.help}, ${v.nodes.length} node(s)\n${nodes.join('\n')}\n  ${v.helpUrl}`;
    })
    .join('\n\n');
}

/** toHaveNoViolations passes when axe found no violation in the results it is given. */
export function toHaveNoViolations(results: AxeResults) {
  if (!Array.isArray(results?.violations)) throw new Error('toHaveNoViolations expects the results of axe(node)');
  const { violations } = results;
  return {
    pass: violations.length === 0,
    actual: violations.map((v) => v.id),
    expected: [],
    message: () =>
      violations.length === 0
        ? 'expected axe violations, found none'
        : `expected no axe violations, found ${violations.length}:\n\n${describeViolations(violations)}`,
  };
}
