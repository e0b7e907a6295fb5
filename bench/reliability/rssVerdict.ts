/**
 * Whether a process's memory keeps growing with the requests it is sent, from its RSS sampled
 * every so many requests. Pure, so the rule is tested on synthetic series
 * (`tests/bench/rssVerdict.test.ts`).
 *
 * The rule: the first `warmupFraction` of the requests is left out (JIT, V8 growing its heap to
 * its working size, caches filling once). The rest is cut into `segments` equal spans of requests
 * and each span's floor (its lowest sample) is taken: a floor is what stays after the garbage
 * collector has run, so a GC sawtooth, however tall, leaves the floors level. A family leaks
 * when the floor rises from every span to the next by at least half the threshold rate, and the
 * least-squares slope over the whole window is at least the threshold: memory that keeps growing
 * to the end. A one-off step (a heap resize, a cache reaching its bound) raises one floor and not
 * the next ones, so it passes; so does growth that levels off.
 */
export interface RssSample {
  /** Requests answered when the sample was taken. */
  requests: number;
  /** Resident set size, bytes. */
  bytes: number;
}

export interface RssRule {
  /** Share of the requests before the window (0–1). */
  warmupFraction: number;
  /** Spans the window is cut into (at least 2). */
  segments: number;
  /** Growth per request that counts as a leak, bytes. */
  thresholdBytesPerRequest: number;
}

/**
 * Defaults: a quarter of the requests to warm up, four spans, 2 KiB a request. A leak of tens of
 * KB a request is far above it; the ledger's own growth per committed transaction (about 500 B,
 * docs/reliability.md) is below it.
 */
export const RSS_RULE: RssRule = {
  warmupFraction: 0.25,
  segments: 4,
  thresholdBytesPerRequest: 2048,
};

export interface RssVerdict {
  leaking: boolean;
  /** The first and last samples, and the highest. */
  startBytes: number;
  endBytes: number;
  maxBytes: number;
  /** Least-squares slope of the samples in the window, bytes per request. */
  slopeBytesPerRequest: number;
  /** Each span's lowest sample. */
  floors: number[];
  /** The verdict in words, for the report. */
  reason: string;
}

/** Least-squares slope of bytes against requests (0 for fewer than two distinct points). */
export function slope(samples: RssSample[]): number {
  const n = samples.length;
  if (n < 2) return 0;
  const mx = samples.reduce((a, s) => a + s.requests, 0) / n;
  const my = samples.reduce((a, s) => a + s.bytes, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (const s of samples) {
    sxy += (s.requests - mx) * (s.bytes - my);
    sxx += (s.requests - mx) ** 2;
  }
  return sxx === 0 ? 0 : sxy / sxx;
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

export function rssVerdict(samples: RssSample[], rule: RssRule = RSS_RULE): RssVerdict {
  const sorted = [...samples].sort((a, b) => a.requests - b.requests);
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  const base = {
    startBytes: first?.bytes ?? 0,
    endBytes: last?.bytes ?? 0,
    maxBytes: Math.max(0, ...sorted.map((s) => s.bytes)),
  };
  if (first === undefined || last === undefined)
    return { ...base, leaking: false, slopeBytesPerRequest: 0, floors: [], reason: 'no samples' };
  const total = last.requests - first.requests;
  const from = first.requests + total * rule.warmupFraction;
  const span = (last.requests - from) / rule.segments;
  const window = sorted.filter((s) => s.requests >= from);
  const floors: number[] = [];
  for (let i = 0; i < rule.segments; i += 1) {
    const lo = from + span * i;
    const hi = i === rule.segments - 1 ? Infinity : lo + span;
    const inSpan = window.filter((s) => s.requests >= lo && s.requests < hi);
    if (inSpan.length > 0) floors.push(Math.min(...inSpan.map((s) => s.bytes)));
  }
  const fitted = slope(window);
  if (floors.length < rule.segments || span <= 0)
    return {
      ...base,
      leaking: false,
      slopeBytesPerRequest: fitted,
      floors,
      reason: `too few samples (${window.length} after warm-up) to judge`,
    };
  const rises = floors.slice(1).map((floor, i) => (floor - (floors[i] ?? floor)) / span);
  const keepsRising = rises.every((rise) => rise >= rule.thresholdBytesPerRequest / 2);
  const leaking = keepsRising && fitted >= rule.thresholdBytesPerRequest;
  const perSpan = rises.map(kib).join(', ');
  return {
    ...base,
    leaking,
    slopeBytesPerRequest: fitted,
    floors,
    reason: leaking
      ? `RSS keeps growing: ${kib(fitted)} a request, floors rising ${perSpan} a request from span to span`
      : fitted < rule.thresholdBytesPerRequest
        ? `${kib(fitted)} a request, under ${kib(rule.thresholdBytesPerRequest)}; floors rise ${perSpan} a request from span to span`
        : `levels off: floors rise ${perSpan} a request from span to span`,
  };
}
