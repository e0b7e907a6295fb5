/** `1.234 s`, `56 ms`: offsets and durations in the timeline and the sequence view. */
export function formatMs(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 3 : 2)} s`;
  return `${Math.floor(ms / 60_000)} min ${((ms % 60_000) / 1000).toFixed(1)} s`;
}

/** An event's payload without its type, short enough for one line. */
export function payloadSummary(event: { type: string }): string {
  const { type: _type, ...payload } = event as { type: string } & Record<string, unknown>;
  if (Object.keys(payload).length === 0) return '';
  const text = JSON.stringify(payload);
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}
