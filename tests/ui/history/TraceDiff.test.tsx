import { describe, expect, it } from 'vitest';
import type { MoveTrace } from '../../../replay/moveTrace';
import { TraceDiffView } from '../../../src/features/history/TraceDiff';
import { threeFrameAbort } from '../../fixtures/moveTraces';
import { render, screen, within } from '../../test-utils/render';

/** The three-frame abort run again where the price passes: assert_min returns. */
function passes(): MoveTrace {
  const trace = threeFrameAbort();
  trace.kind = 'reexecution';
  trace.success = true;
  trace.frames = trace.frames.map((frame) => {
    const { abort: _abort, offset: _offset, ...rest } = frame;
    return { ...rest, status: 'success', returns: [] };
  });
  const last = trace.frames[3];
  if (last) last.args = ['50'];
  return trace;
}

describe('TraceDiffView', { timeout: 20_000 }, () => {
  it('says two identical traces are identical, and lists no frame', () => {
    render(<TraceDiffView original={threeFrameAbort()} modified={threeFrameAbort()} />);
    const region = screen.getByRole('region', { name: 'Trace diff' });
    expect(within(region).getByText('The traces are identical')).toBeVisible();
    expect(within(region).queryByRole('table')).toBeNull();
  });

  it('names where the runs diverge and shows that frame of both side by side', () => {
    render(<TraceDiffView original={threeFrameAbort()} modified={passes()} />);
    const region = screen.getByRole('region', { name: 'Trace diff' });
    expect(within(region).getByText('Diverges at 0xcafe::pricing::assert_min')).toBeVisible();
    expect(region).toHaveTextContent(
      'Identical up to frame 3; diverges at 0xcafe::pricing::assert_min: args, status, returns.',
    );
    const sides = within(region).getByRole('table', { name: 'The diverging frame, both runs' });
    const rows = within(sides)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toContain('argumentsdiffers(5)(50)');
    expect(rows.find((row) => row?.startsWith('ended'))).toMatch(
      /^endeddiffersABORT 65539 \(0x10003\) E_PRICE_TOO_LOW at offset 7success$/,
    );
    expect(rows).toContain('function0xcafe::pricing::assert_min0xcafe::pricing::assert_min');
    // Every frame that differs: its callers ended otherwise too.
    const frames = within(region).getByRole('table', { name: 'Frames that differ' });
    expect(within(frames).getAllByRole('row').length).toBeGreaterThan(4);
    expect(frames).toHaveTextContent('1 0xcafe::market::place_order');
  });
});
