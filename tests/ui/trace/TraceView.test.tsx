import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render as renderAlone } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TraceTab, TraceView } from '../../../src/features/trace';
import { CallTree } from '../../../src/features/trace/CallTree';
import {
  defaultExpanded,
  initialSelection,
  traceModel,
} from '../../../src/features/trace/traceModel';
import { TransactionTabs } from '../../../src/features/transaction';
import { fungibleAssetTransfer, generatedTrace, threeFrameAbort } from '../../fixtures/moveTraces';
import { render, screen, userEvent, within } from '../../test-utils/render';
import { committedTransfer } from '../transaction/fixture';

const local = { kind: 'local', fullnode: 'http://127.0.0.1:8080/v1' };

function tree() {
  return screen.getByRole('tree', { name: /^Call tree/ });
}

function item(name: RegExp) {
  return within(tree()).getByRole('treeitem', { name });
}

/** A bar's left edge or width, in % of the chart (SVG rect attributes). */
function percent(bar: Element, name: 'x' | 'width'): number {
  return parseFloat(bar.getAttribute(name) ?? '');
}

function detail() {
  return screen.getByRole('region', { name: 'Frame detail' });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('TraceView: the call tree', () => {
  it('opens the failing path, highlights it and selects the aborting frame', () => {
    render(<TraceView trace={threeFrameAbort()} />);
    const rows = within(tree()).getAllByRole('treeitem');
    expect(rows.map((row) => row.getAttribute('aria-level'))).toEqual(['1', '2', '3', '4']);
    for (const row of rows) expect(row).toHaveAttribute('data-failing', 'true');
    const aborting = item(/^0xcafe::pricing::assert_min\s*, aborted here/);
    expect(aborting).toHaveAttribute('aria-selected', 'true');
    expect(tree()).toHaveAttribute('aria-activedescendant', aborting.id);
    expect(item(/^0xcafe::market::check_price/)).toHaveAttribute('aria-expanded', 'true');
    expect(aborting).toHaveTextContent('E_PRICE_TOO_LOW at offset 7');
    const path = screen.getByRole('navigation', { name: 'Failing path' });
    expect(
      within(path)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([
      'transaction',
      '0xcafe::market::place_order',
      '0xcafe::market::check_price',
      '0xcafe::pricing::assert_min',
    ]);
  });

  it('moves, closes and opens frames from the keyboard', async () => {
    const user = userEvent.setup();
    render(<TraceView trace={threeFrameAbort()} />);
    tree().focus();
    await user.keyboard('{ArrowLeft}');
    const checkPrice = item(/^0xcafe::market::check_price/);
    expect(checkPrice).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowLeft}');
    expect(checkPrice).toHaveAttribute('aria-expanded', 'false');
    expect(within(tree()).queryByRole('treeitem', { name: /assert_min/ })).toBeNull();
    await user.keyboard('{ArrowRight}');
    expect(item(/^0xcafe::market::check_price/)).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowRight}');
    expect(item(/assert_min/)).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}');
    expect(item(/^transaction/)).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(within(tree()).getAllByRole('treeitem')).toHaveLength(1);
    expect(item(/^transaction/)).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard(' ');
    await user.keyboard('{End}');
    expect(item(/assert_min/)).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}');
    expect(item(/check_price/)).toHaveAttribute('aria-selected', 'true');
    expect(detail()).toHaveTextContent('0xcafe::market::check_price');
  });

  it('marks native frames and opens every frame of a small trace', () => {
    render(<TraceView trace={fungibleAssetTransfer()} />);
    expect(within(tree()).getAllByRole('treeitem')).toHaveLength(10);
    expect(within(tree()).getAllByText('native')).toHaveLength(3);
    expect(item(/^0x1::object::create_user_derived_object_address_impl\s*, native/)).toBeVisible();
    // Nothing failed: the entry function is selected and no path is shown.
    expect(item(/^0x1::primary_fungible_store::transfer/)).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('navigation', { name: 'Failing path' })).toBeNull();
  });

  it('renders 10,000 frames as the rows in view, the deep failing frame selected and shown', () => {
    const trace = generatedTrace();
    render(<TraceView trace={trace} />);
    expect(tree()).toHaveAccessibleName('Call tree, 10,000 frames');
    const rows = within(tree()).getAllByRole('treeitem');
    expect(rows.length).toBeLessThan(60);
    const last = trace.frames.at(-1);
    const selected = rows.find((row) => row.getAttribute('aria-selected') === 'true');
    expect(selected).toHaveAccessibleName(/^0xcafe::deep::fail\s*, aborted here/);
    expect(selected).toHaveAttribute('aria-level', String((last?.depth ?? 0) + 1));
    const flame = screen.getByRole('group', { name: /^Gas flamegraph/ });
    const bars = within(flame).getAllByRole('button');
    expect(bars.length).toBeGreaterThan(3);
    expect(bars.length).toBeLessThan(trace.frames.length);
    // Every frame open: still a window of rows, and scrolling moves the window.
    act(() => screen.getByRole('button', { name: 'Open all frames' }).click());
    expect(within(tree()).getAllByRole('treeitem').length).toBeLessThan(60);
    act(() => {
      tree().scrollTop = 28 * 5_000;
      fireEvent.scroll(tree());
    });
    const window = within(tree()).getAllByRole('treeitem');
    expect(window.length).toBeLessThan(60);
    // Every frame open, row n is frame n.
    expect(window.some((row) => row.id.endsWith('-frame-5000'))).toBe(true);
    expect(window.some((row) => row.id.endsWith('-frame-0'))).toBe(false);
  });
});

describe('CallTree: the first render', () => {
  it('commits once, scrolled to the deep failing frame: no effect renders it again', () => {
    const model = traceModel(generatedTrace());
    const commits: string[] = [];
    // Mantine's provider alone: the app's providers mount their children in later commits.
    renderAlone(
      <MantineProvider>
        <Profiler id="tree" onRender={(_id, phase) => commits.push(phase)}>
          <CallTree
            model={model}
            expanded={defaultExpanded(model)}
            selected={initialSelection(model)}
            onSelect={() => undefined}
            onToggle={() => undefined}
          />
        </Profiler>
      </MantineProvider>,
    );
    expect(commits).toEqual(['mount']);
    // The list is scrolled to where the selected row is drawn.
    const selected = within(tree())
      .getAllByRole('treeitem')
      .find((row) => row.getAttribute('aria-selected') === 'true');
    const top = Number(/translateY\((\d+)px\)/.exec(selected?.style.transform ?? '')?.[1]);
    expect(tree().scrollTop).toBeGreaterThan(0);
    expect(top).toBeGreaterThanOrEqual(tree().scrollTop);
    expect(top).toBeLessThan(tree().scrollTop + 420);
  });
});

describe('TraceView: the flamegraph and the detail', () => {
  it('selects a frame by click and by Enter, and opens the tree to it', async () => {
    const user = userEvent.setup();
    render(<TraceView trace={fungibleAssetTransfer()} />);
    const flame = screen.getByRole('group', { name: /^Gas flamegraph/ });
    const deposit = within(flame).getByRole('button', {
      name: /^0x1::fungible_asset::deposit_internal: [\d.]+ gas units, [\d.]+ % of 0x1::primary_fungible_store::transfer$/,
    });
    // Fourth row: 3 × 22 px down.
    expect(deposit).toHaveAttribute('y', '66');
    await user.click(deposit);
    expect(deposit).toHaveAttribute('aria-pressed', 'true');
    expect(item(/^0x1::fungible_asset::deposit_internal/)).toHaveAttribute('aria-selected', 'true');
    const frame = detail();
    expect(frame).toHaveTextContent('0x1::fungible_asset::deposit_internal');
    expect(within(frame).getByRole('table', { name: 'Write set' })).toHaveTextContent('250');
    // Keyboard: Up to the caller, then Enter selects it.
    deposit.focus();
    await user.keyboard('{ArrowUp}');
    const transfer = within(flame).getByRole('button', {
      name: /^0x1::dispatchable_fungible_asset::transfer:/,
    });
    expect(transfer).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(detail()).toHaveTextContent('0x1::dispatchable_fungible_asset::transfer');
    expect(
      within(flame)
        .getAllByRole('button')
        .filter((bar) => bar.tabIndex === 0),
    ).toEqual([transfer]);
  });

  it('widths follow inclusive gas: the root is whole, children share it in call order', () => {
    render(<TraceView trace={fungibleAssetTransfer()} />);
    const flame = screen.getByRole('group', { name: /^Gas flamegraph/ });
    // At first zoomed to the payload: the transaction's own gas would leave it a sliver.
    expect(flame).toHaveAccessibleName(
      /^Gas flamegraph of 0x1::primary_fungible_store::transfer: 10 of 10 frames drawn$/,
    );
    const root = within(flame).getByRole('button', { name: /^transaction:/ });
    expect(root.getAttribute('width')).toBe('100%');
    const payload = within(flame).getByRole('button', {
      name: /^0x1::primary_fungible_store::transfer: [\d.]+ gas units, 100\.0 % of/,
    });
    expect(payload.getAttribute('width')).toBe('100%');
    const primary = within(flame).getByRole('button', {
      name: /^0x1::primary_fungible_store::primary_store:/,
    });
    const ensure = within(flame).getByRole('button', {
      name: /^0x1::primary_fungible_store::ensure_primary_store_exists:/,
    });
    expect(percent(ensure, 'x')).toBeCloseTo(percent(primary, 'x') + percent(primary, 'width'), 6);
    expect(percent(ensure, 'width')).toBeGreaterThan(percent(primary, 'width'));
  });

  it('zooms to the selected frame: its gas is the whole width, its callers above it', async () => {
    const user = userEvent.setup();
    render(<TraceView trace={threeFrameAbort()} />);
    await user.click(item(/^0xcafe::market::check_price/));
    await user.click(screen.getByRole('button', { name: 'Zoom to the selected frame' }));
    const flame = screen.getByRole('group', {
      name: /^Gas flamegraph of 0xcafe::market::check_price: 4 of 4 frames drawn$/,
    });
    const b = within(flame).getByRole('button', { name: /^0xcafe::market::check_price:/ });
    const c = within(flame).getByRole('button', {
      name: /^0xcafe::pricing::assert_min: 0\.02 gas units, 4\.1 % of 0xcafe::market::check_price$/,
    });
    expect(b.getAttribute('width')).toBe('100%');
    expect(
      within(flame)
        .getByRole('button', { name: /^transaction:/ })
        .getAttribute('width'),
    ).toBe('100%');
    expect(percent(c, 'width')).toBeCloseTo(4.08, 1);
    await user.click(screen.getByRole('button', { name: 'Whole transaction' }));
    expect(percent(b, 'width')).toBeLessThan(20);
  });

  it('shows the abort, its source lines, arguments, gas split and reads', async () => {
    const user = userEvent.setup();
    render(<TraceView trace={threeFrameAbort()} />);
    const frame = detail();
    expect(within(frame).getByRole('alert')).toHaveTextContent(
      'Aborted with E_PRICE_TOO_LOW (0x10003)',
    );
    expect(frame).toHaveTextContent('Abort code 65539 (0x10003), at code offset 7.');
    expect(frame).toHaveTextContent('market/sources/pricing.move:12:9 (code offset 7)');
    const source = within(frame).getByLabelText('Source around line 12');
    expect(source.textContent).toContain(
      '12          abort error::invalid_argument(E_PRICE_TOO_LOW)',
    );
    expect(source.textContent).toContain(' 9      public fun assert_min(price: u64) {');
    expect(frame).toHaveTextContent('None: the frame did not return.');
    const gas = within(frame).getByRole('table', { name: 'Gas of the frame' });
    expect(within(gas).getByRole('row', { name: /^Execution \(gas units\)/ })).toHaveTextContent(
      '0.0230.023',
    );
    // The caller: its arguments (a struct too), its read, inclusive and own gas apart.
    await user.click(item(/^0xcafe::market::check_price/));
    const caller = detail();
    expect(caller).toHaveTextContent('1: {"min":"10","max":"1000"}');
    expect(within(caller).getByRole('table', { name: 'Reads' })).toHaveTextContent(
      '0xcafe::market::Config',
    );
    expect(
      within(within(caller).getByRole('table', { name: 'Gas of the frame' })).getByRole('row', {
        name: /^Execution/,
      }),
    ).toHaveTextContent('0.0840.061');
    expect(caller).toHaveTextContent('Called from code offset 4 of its caller.');
  });

  it('hosts controls for the selected frame (the stepper’s place)', () => {
    render(
      <TraceView
        trace={threeFrameAbort()}
        frameActions={(frame) => <button type="button">Step through {frame.function}</button>}
      />,
    );
    expect(
      within(detail()).getByRole('button', { name: 'Step through 0xcafe::pricing::assert_min' }),
    ).toBeVisible();
  });
});

describe('TraceTab', () => {
  it('says in words that tracing needs the embedded chain elsewhere, and asks nothing', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    render(
      <TraceTab
        target={{
          network: { kind: 'testnet', fullnode: 'https://api.testnet.aptoslabs.com/v1' },
          request: { version: '42' },
        }}
      />,
    );
    expect(screen.getByText('Tracing needs the embedded chain')).toBeVisible();
    expect(screen.getByText(/This transaction is on testnet/)).toBeVisible();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks the local chain for the version and shows the trace', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify(threeFrameAbort())));
    vi.stubGlobal('fetch', fetch);
    render(<TraceTab target={{ network: local, request: { version: '42' } }} />);
    expect(await screen.findByRole('tree', { name: 'Call tree, 4 frames' })).toBeVisible();
    expect(fetch).toHaveBeenCalledWith(
      'http://127.0.0.1:8080/workbench/trace',
      expect.objectContaining({ method: 'POST', body: '{"version":"42"}' }),
    );
  });

  it('says when the node has no trace route', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"message":"not found"}', { status: 404 })),
    );
    render(<TraceTab target={{ network: local, request: { version: '42' } }} />);
    expect(await screen.findByText('This node does not trace')).toBeVisible();
  });

  it('is a tab of TransactionTabs, asking nothing until it is opened', async () => {
    const user = userEvent.setup();
    const fetch = vi.fn(async () => new Response(JSON.stringify(fungibleAssetTransfer())));
    vi.stubGlobal('fetch', fetch);
    render(
      <TransactionTabs
        transaction={committedTransfer()}
        trace={{ network: local, request: { version: '42' } }}
      />,
    );
    expect(fetch).not.toHaveBeenCalled();
    await user.click(screen.getByRole('tab', { name: 'Trace' }));
    expect(await screen.findByRole('tree', { name: 'Call tree, 10 frames' })).toBeVisible();
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
