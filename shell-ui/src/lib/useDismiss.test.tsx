import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { describe, expect, test, vi } from 'vitest';
import { openLayers, useDismiss, type DismissReason } from './useDismiss.ts';

/** Disclosure is a button and the region it opens, dismissable; children sit inside the region. */
function Disclosure({ name, onDismiss, children }: { name: string; onDismiss?: (r: DismissReason) => void; children?: React.ReactNode }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const region = useRef<HTMLDivElement>(null);
  useDismiss(open, {
    inside: () => [button.current, region.current],
    onDismiss: (r) => {
      onDismiss?.(r);
      setOpen(false);
    },
    returnFocus: () => button.current,
  });
  return (
    <div>
      <button ref={button} type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
        {name}
      </button>
      <div ref={region} hidden={!open} data-testid={`${name} region`}>
        <a href="#x">{`${name} link`}</a>
        {children}
      </div>
    </div>
  );
}

const expanded = (name: string) => screen.getByRole('button', { name, hidden: true }).getAttribute('aria-expanded') === 'true';

describe('useDismiss', () => {
  test('Escape closes only the topmost layer and gives focus to its button; the next Escape the one below', async () => {
    const user = userEvent.setup();
    render(
      <Disclosure name="panel">
        <Disclosure name="menu" />
      </Disclosure>,
    );
    await user.click(screen.getByRole('button', { name: 'panel' }));
    await user.click(screen.getByRole('button', { name: 'menu' }));
    await user.click(screen.getByRole('link', { name: 'menu link' }));
    expect(openLayers()).toBe(2);

    await user.keyboard('{Escape}');
    expect(expanded('menu')).toBe(false);
    expect(expanded('panel')).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'menu' }));

    await user.keyboard('{Escape}');
    expect(expanded('panel')).toBe(false);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'panel' }));
    expect(openLayers()).toBe(0);
  });

  test('a pointer going down outside dismisses; inside, or inside a layer above, does not', async () => {
    const user = userEvent.setup();
    const panelDismissed = vi.fn();
    render(
      <>
        <Disclosure name="panel" onDismiss={panelDismissed} />
        <Disclosure name="other" />
        <p>page</p>
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'panel' }));
    await user.click(screen.getByTestId('panel region'));
    expect(expanded('panel')).toBe(true);

    // Another layer opens above: a click in it is not outside the panel.
    await user.click(screen.getByRole('button', { name: 'other' }));
    expect(panelDismissed).toHaveBeenCalledWith('pointer-outside');
    expect(expanded('panel')).toBe(false);
    expect(expanded('other')).toBe(true);

    await user.click(screen.getByText('page'));
    expect(expanded('other')).toBe(false);
  });

  test('a pointer or focus in a layer above is not outside the layer below, even when its element is elsewhere (a portal)', async () => {
    const user = userEvent.setup();
    const panelDismissed = vi.fn();
    function PortalMenu() {
      const [open, setOpen] = useState(false);
      const region = useRef<HTMLDivElement>(null);
      useDismiss(open, { inside: () => region.current, onDismiss: () => setOpen(false) });
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            menu
          </button>
          {createPortal(
            <div ref={region} hidden={!open}>
              <button type="button">menu entry</button>
            </div>,
            document.body,
          )}
        </>
      );
    }
    render(
      <Disclosure name="panel" onDismiss={panelDismissed}>
        <PortalMenu />
      </Disclosure>,
    );
    await user.click(screen.getByRole('button', { name: 'panel' }));
    await user.click(screen.getByRole('button', { name: 'menu' }));
    await user.click(screen.getByRole('button', { name: 'menu entry' }));
    expect(panelDismissed).not.toHaveBeenCalled();
    expect(expanded('panel')).toBe(true);
  });

  test('focus moving outside dismisses, without taking focus back', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Disclosure name="menu" />
        <button type="button">after</button>
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'menu' }));
    await user.tab(); // into the menu: still open
    expect(expanded('menu')).toBe(true);
    await user.tab(); // out of it
    expect(expanded('menu')).toBe(false);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'after' }));
  });

  test('an Escape another handler took (defaultPrevented) dismisses nothing', async () => {
    const user = userEvent.setup();
    render(<Disclosure name="menu" />);
    await user.click(screen.getByRole('button', { name: 'menu' }));
    const takeEscape = (e: KeyboardEvent) => e.key === 'Escape' && e.preventDefault();
    window.addEventListener('keydown', takeEscape, true);
    try {
      await user.keyboard('{Escape}');
      expect(expanded('menu')).toBe(true);
    } finally {
      window.removeEventListener('keydown', takeEscape, true);
    }
  });
});
