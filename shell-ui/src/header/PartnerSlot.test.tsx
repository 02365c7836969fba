import { render } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { PartnerSlot } from './PartnerSlot.tsx';
import { partnerLogoUrl } from './partnerLogo.ts';

describe('partner logo', () => {
  test.each([
    ['https://cdn.partner.example/logo.svg', true],
    ['data:image/png;base64,iVBORw0KGgo=', true],
    ["data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E", true],
    ['/_shell/assets/dkb_retail-abc.svg', true],
    ['javascript:alert(1)', false],
    ['java\tscript:alert(1)', false],
    ['JAVASCRIPT:alert(1)', false],
    ['http://cdn.partner.example/logo.png', false],
    ['//evil.example/logo.png', false],
    ['https://user:pw@cdn.partner.example/logo.png', false],
    ['data:text/html,<script>alert(1)</script>', false],
    ['data:image/svg+xml;foo,<svg/>', false],
    ['logo.png', false],
    ['', false],
  ])('%s is shown: %s', (url, shown) => {
    expect(partnerLogoUrl(url) !== '').toBe(shown);
    const { container } = render(<PartnerSlot partner={{ name: 'Bank Nord', logoUrl: url }} />);
    const img = container.querySelector('img');
    expect(img?.getAttribute('src') ?? null).toBe(shown ? url : null);
    // A refused logo falls back to the partner's name as text.
    expect(container.textContent).toBe(shown ? '' : 'Bank Nord');
  });

  test('an inline image over 64 KB shows the name', () => {
    expect(partnerLogoUrl('data:image/png;base64,' + 'A'.repeat(70 * 1024))).toBe('');
  });

  test('no logo and no name: nothing, never an empty box', () => {
    const { container } = render(<PartnerSlot partner={{ name: '', logoUrl: 'javascript:x' }} />);
    expect(container.innerHTML).toBe('');
  });
});
