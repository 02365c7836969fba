import { afterEach, describe, expect, test } from 'vitest';
import { axe, toHaveNoViolations } from './axe.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

function mount(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  document.body.append(root);
  return root;
}

describe('axe and toHaveNoViolations', () => {
  test('an image without alt text and an unnamed button fail, naming each rule, its impact and the nodes', async () => {
    const root = mount('<main><img src="/logo.svg"><button id="go"></button></main>');
    const results = await axe(root);
    const verdict = toHaveNoViolations(results);
    expect(verdict.pass).toBe(false);
    expect(verdict.actual).toEqual(expect.arrayContaining(['image-alt', 'button-name']));
    const message = verdict.message();
    expect(message).toContain('image-alt (critical)');
    expect(message).toContain('button-name (critical)');
    expect(message).toContain('<img src="/logo.svg">');
    expect(message).toContain('at #go');
    expect(() => expect(results).toHaveNoViolations()).toThrow(/image-alt \(critical\)/);
  });

  test('named controls pass', async () => {
    const root = mount('<main><img src="/logo.svg" alt="Shellgate"><button>Go</button></main>');
    expect(await axe(root)).toHaveNoViolations();
  });

  test('a node outside the document is refused, not checked without its page', async () => {
    const detached = document.createElement('div');
    detached.innerHTML = '<img src="/logo.svg">';
    await expect(axe(detached)).rejects.toThrow(/not in the document/);
  });
});
