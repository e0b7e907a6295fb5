import { afterEach, describe, expect, it, vi } from 'vitest';
import { TraceTab } from '../../../src/features/trace';
import { Stepper, StepThrough } from '../../../src/features/trace/stepper';
import { threeFrameSteps } from '../../fixtures/moveTraceSteps';
import { render, screen, userEvent, within } from '../../test-utils/render';

const local = { kind: 'local', fullnode: 'http://127.0.0.1:8080/v1' };

function instruction() {
  return screen.getByLabelText('Instruction about to run');
}

function control(name: string) {
  return within(screen.getByRole('toolbar', { name: 'Step through the execution' })).getByRole(
    'button',
    { name },
  );
}

function position() {
  return document.querySelector('[aria-live="polite"]')?.textContent ?? '';
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Stepper', { timeout: 20_000 }, () => {
  it('shows the instruction, its source line, the stack and the locals at the start', () => {
    render(<Stepper trace={threeFrameSteps()} start={0} />);
    expect(instruction()).toHaveTextContent('MoveLoc(1)');
    expect(screen.getByLabelText('Source around line 13')).toHaveTextContent(
      'let r = b(x); move_to',
    );
    const locals = screen.getByRole('table', { name: 'Locals' });
    expect(
      within(locals)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['00xcafe', '15', '2unset']);
    expect(screen.getByText('Empty.')).toBeVisible();
    expect(position()).toBe(
      'Step 1 of 19: 0xcafe::chain::a, offset 0, MoveLoc(1), chain.move:13, depth 1',
    );
    // At the start nothing goes back; forwards everything does.
    for (const name of ['To the start', 'Step back out', 'Step back over', 'Step back into']) {
      expect(control(name)).toHaveAttribute('aria-disabled', 'true');
    }
    for (const name of ['Step into', 'Step over', 'Step out', 'To the abort']) {
      expect(control(name)).toHaveAttribute('aria-disabled', 'false');
    }
  });

  it('steps from the entry to the abort and back with the buttons, the stack as computed', async () => {
    const user = userEvent.setup();
    render(<Stepper trace={threeFrameSteps()} start={0} />);
    await user.click(control('Step into'));
    expect(instruction()).toHaveTextContent('Call 0xcafe::chain::b');
    await user.click(control('Step into'));
    expect(position()).toMatch(/^Step 3 of 19: 0xcafe::chain::b, offset 0/);
    // Out of b: b never comes back (c aborts), so out stops at the abort.
    await user.click(control('Step out'));
    expect(instruction()).toHaveTextContent('Abort');
    expect(screen.getByRole('table', { name: 'Operand stack (bottom first)' })).toHaveTextContent(
      '0 (top)65539',
    );
    expect(screen.getByText('aborts with E_TOO_BIG')).toBeVisible();
    for (const name of ['Step into', 'Step over', 'Step out', 'To the abort']) {
      expect(control(name)).toHaveAttribute('aria-disabled', 'true');
    }
    await user.click(control('Step back out'));
    expect(instruction()).toHaveTextContent('Call 0xcafe::chain::c');
    expect(screen.getByRole('list', { name: 'Call stack, entry first' })).toHaveTextContent(
      'transaction0xcafe::chain::a0xcafe::chain::b',
    );
    await user.click(control('Step back over'));
    expect(instruction()).toHaveTextContent('LdU64(3)');
    await user.click(control('To the start'));
    expect(position()).toMatch(/^Step 1 of 19/);
  });

  it('answers the keys it documents, and a disabled end keeps the focus', async () => {
    const user = userEvent.setup();
    render(<Stepper trace={threeFrameSteps()} start={0} />);
    control('Step into').focus();
    await user.keyboard('{End}');
    expect(position()).toMatch(/^Step 19 of 19: 0xcafe::chain::c, offset 9, Abort/);
    await user.keyboard('{ArrowRight}');
    expect(position()).toMatch(/^Step 19 of 19/);
    await user.keyboard('{ArrowLeft}');
    expect(instruction()).toHaveTextContent('LdU64(65539)');
    await user.keyboard('{Shift>}{ArrowLeft}{/Shift}');
    expect(position()).toMatch(/^Step 9 of 19: 0xcafe::chain::b, offset 6/);
    await user.keyboard('{ArrowUp}');
    expect(position()).toMatch(/^Step 8 of 19/);
    await user.keyboard('{Home}');
    expect(position()).toMatch(/^Step 1 of 19/);
    await user.keyboard('{ArrowDown}');
    expect(position()).toMatch(/^Step 2 of 19/);
    await user.keyboard('{ArrowDown}');
    expect(position()).toMatch(/^Step 19 of 19/);
    expect(document.activeElement).toBe(control('Step into'));
    expect(screen.getByText(/Keys: → into, ↓ over, Shift\+→ out/)).toBeVisible();
  });

  it('says when there is no instruction to step through', () => {
    render(<Stepper trace={{ ...threeFrameSteps(), steps: [] }} start={0} />);
    expect(
      screen.getByText('This execution ran no bytecode instruction to step through.'),
    ).toBeVisible();
  });
});

describe('StepThrough', { timeout: 20_000 }, () => {
  it('traces the same version again with steps and opens at the frame', async () => {
    const user = userEvent.setup();
    const fetch = vi.fn(async () => new Response(JSON.stringify(threeFrameSteps())));
    vi.stubGlobal('fetch', fetch);
    const frameC = threeFrameSteps().frames[3];
    if (frameC === undefined) throw new Error('no frame c');
    render(<StepThrough nodeUrl={local.fullnode} request={{ version: '42' }} frame={frameC} />);
    expect(fetch).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Step through' }));
    const dialog = await screen.findByRole('dialog', { name: /Step through 0xcafe::chain::c/ });
    expect(await within(dialog).findByLabelText('Instruction about to run')).toHaveTextContent(
      'CopyLoc(0)',
    );
    expect(position()).toMatch(/^Step 10 of 19: 0xcafe::chain::c, offset 0/);
    expect(fetch).toHaveBeenCalledWith(
      'http://127.0.0.1:8080/workbench/trace',
      expect.objectContaining({ body: '{"version":"42","steps":true}' }),
    );
  });

  it('is the Trace tab’s control for the selected frame', async () => {
    const user = userEvent.setup();
    const { steps: _steps, ...plain } = threeFrameSteps();
    const fetch = vi.fn(async (_url: string, init?: RequestInit) =>
      String(init?.body).includes('"steps":true')
        ? new Response(JSON.stringify(threeFrameSteps()))
        : new Response(JSON.stringify(plain)),
    );
    vi.stubGlobal('fetch', fetch);
    render(<TraceTab target={{ network: local, request: { version: '42' } }} />);
    const detail = await screen.findByRole('region', { name: 'Frame detail' }, { timeout: 10_000 });
    await user.click(within(detail).getByRole('button', { name: 'Step through' }));
    expect(await screen.findByLabelText('Instruction about to run')).toHaveTextContent(
      'CopyLoc(0)',
    );
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
