import { describe, expect, it } from 'vitest';
import { App } from '../../src/app/App';
import { areas } from '../../src/app/areas';
import { render, screen, userEvent, waitFor, within } from '../test-utils/render';

describe('App shell', () => {
  it('shows the product name, the network selector, the wallet entry points and every area', async () => {
    render(<App />);
    expect(screen.getByRole('heading', { level: 1, name: 'Transaction Workbench' })).toBeVisible();
    expect(screen.getByDisplayValue('Local (embedded chain)')).toHaveAttribute(
      'aria-label',
      'Network',
    );
    // No wallet is registered in this test: the wallet machine ends in `unavailable`.
    expect(await screen.findByRole('button', { name: 'No wallet available' })).toBeVisible();
    // One wallet entry point: the dev wallet opens from the wallet panel, not a second button.
    expect(screen.queryByRole('button', { name: 'Dev wallet' })).toBeNull();
    const nav = screen.getByRole('navigation', { name: 'Workbench areas' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(
      areas.map((area) => `${area.label}${area.summary}`),
    );
  });

  it('opens on Compose with the composer and an empty results area that says what will appear', () => {
    render(<App />);
    expect(screen.getByRole('heading', { level: 2, name: 'Compose' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Nothing run yet' })).toBeVisible();
    expect(screen.getByRole('link', { name: /Compose/ })).toHaveAttribute('aria-current', 'page');
  });

  it.each([
    ['Visualizer', 'Sequence: App ⇄ transaction machine ⇄ wallet ⇄ node'],
    ['History', 'No runs recorded yet'],
    ['Chain', 'Ledger'],
  ])(
    'navigates to %s by its link and shows its content',
    async (label, emptyTitle) => {
      const user = userEvent.setup();
      render(<App />);
      await user.click(screen.getByRole('link', { name: new RegExp(`^${label}`) }));
      await waitFor(() =>
        expect(screen.getByRole('heading', { level: 2, name: label })).toBeVisible(),
      );
      // The Visualizer is its own chunk: its content arrives a moment later.
      expect(
        await screen.findByRole('heading', { name: emptyTitle }, { timeout: 15_000 }),
      ).toBeVisible();
      expect(screen.getByRole('link', { name: new RegExp(`^${label}`) })).toHaveAttribute(
        'aria-current',
        'page',
      );
    },
    20_000,
  );

  it('names the area in the tab title, and focuses its heading after a navigation', async () => {
    const user = userEvent.setup();
    render(<App />);
    expect(document.title).toBe('Compose · Transaction Workbench');
    // The first page keeps the focus where the browser put it.
    expect(screen.getByRole('heading', { level: 2, name: 'Compose' })).not.toHaveFocus();
    await user.click(screen.getByRole('link', { name: /^History/ }));
    const heading = await screen.findByRole('heading', { level: 2, name: 'History' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(document.title).toBe('History · Transaction Workbench');
    // Tab goes on from the area, not from the navigation.
    await user.tab();
    expect(
      within(screen.getByRole('navigation', { name: 'Workbench areas' })).queryByRole('link', {
        current: 'page',
      }),
    ).not.toHaveFocus();
  });

  it('offers a skip link as the first Tab stop, which moves to the area', async () => {
    const user = userEvent.setup();
    render(<App />);
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('heading', { level: 2, name: 'Compose' })).toHaveFocus();
    // It does not navigate: the hash still names the area.
    expect(window.location.hash).not.toBe('#main');
  });

  it('toggles the color scheme', async () => {
    const user = userEvent.setup();
    render(<App />);
    const toggle = screen.getByRole('button', { name: /Switch to dark color scheme/ });
    await user.click(toggle);
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(screen.getByRole('button', { name: /Switch to light color scheme/ })).toBeVisible();
  });
});
