import { afterEach, describe, expect, it, vi } from 'vitest';

/** A stand-in for the browser's Worker that counts how many were started. */
class CountingWorker {
  static started = 0;
  onmessage: unknown = null;
  constructor() {
    CountingWorker.started += 1;
  }
  postMessage(): void {}
}

describe('starting the layout worker ahead of the Visualizer', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
    CountingWorker.started = 0;
  });

  it('starts one worker however often the link is pointed at, and the page reuses it', async () => {
    vi.stubGlobal('Worker', CountingWorker);
    const context = await import('../../../src/features/visualizer/graph/LayoutClientContext');
    context.startLayoutWorker();
    context.startLayoutWorker();
    expect(CountingWorker.started).toBe(1);
  });

  it('starts it through the Visualizer page module, as the navigation does', async () => {
    vi.stubGlobal('Worker', CountingWorker);
    const page = await import('../../../src/features/visualizer/VisualizerPage');
    page.startLayoutWorker();
    await vi.waitFor(() => expect(CountingWorker.started).toBe(1));
  });
});
