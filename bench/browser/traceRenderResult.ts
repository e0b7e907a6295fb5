/** What `bench/browser/traceRender.tsx` measures per render (the `trace-render` section reads it). */
export interface TraceRenderResult {
  frames: number;
  parseMs: number;
  /** From `root.render` to the commit (React's work and the DOM). */
  renderMs: number;
  /** From `root.render` to the first paint after it. */
  paintMs: number;
  /** Tree rows and flamegraph bars in the DOM. */
  rows: number;
  bars: number;
}
