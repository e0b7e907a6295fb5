import { afterEach, describe, expect, it, vi } from 'vitest';
import { ComposePage } from '../../../src/features/compose/ComposePage';
import { render, screen, within } from '../../test-utils/render';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Compose layout: the run section stays in view', () => {
  it('tells the workbench the run section’s height, so keyboard focus scrolls clear of it', () => {
    const observers: Array<{ callback: ResizeObserverCallback; targets: Element[] }> = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        targets: Element[] = [];
        constructor(callback: ResizeObserverCallback) {
          observers.push({ callback, targets: this.targets });
        }
        observe(target: Element) {
          this.targets.push(target);
        }
        unobserve() {}
        disconnect() {}
      },
    );
    let height = 163;
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (
      this: HTMLElement,
    ) {
      return this.getAttribute('aria-label') === 'Run' ? height : 0;
    });
    render(<ComposePage />);
    const run = screen.getByRole('region', { name: 'Run' });
    const watching = observers.filter((observer) => observer.targets.includes(run));
    expect(watching).toHaveLength(1);
    const workbench = () => run.closest<HTMLElement>('[style*="--run-section-height"]');
    // Written to the style directly: nothing renders again.
    const resize = () => watching[0]?.callback([], {} as ResizeObserver);

    resize();
    expect(workbench()?.style.getPropertyValue('--run-section-height')).toBe('163px');
    // A narrower screen wraps the step buttons onto another row.
    height = 203;
    resize();
    expect(workbench()?.style.getPropertyValue('--run-section-height')).toBe('203px');
  });

  it('keeps why Build is disabled out of the run section, which stays short as a sticky bar', async () => {
    render(<ComposePage />);
    const problems = await screen.findByLabelText('Draft problems');
    expect(problems).toHaveTextContent('Build is disabled');
    const run = screen.getByRole('region', { name: 'Run' });
    expect(within(run).queryByLabelText('Draft problems')).toBeNull();
    expect(within(run).getByRole('toolbar', { name: 'Transaction steps' })).toBeVisible();
  });
});
