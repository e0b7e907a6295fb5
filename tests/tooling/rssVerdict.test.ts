import { describe, expect, it } from 'vitest';
import { rssVerdict, slope, type RssSample } from '../../bench/reliability/rssVerdict.ts';

/**
 * The memory verdict of `npm run reliability` (bench/reliability/rssVerdict.ts) on synthetic RSS
 * series: 5,000 requests sampled every 50, from a 70 MiB start.
 */
const MIB = 2 ** 20;
const series = (bytesAt: (requests: number) => number): RssSample[] =>
  Array.from({ length: 101 }, (_, i) => ({ requests: i * 50, bytes: Math.round(bytesAt(i * 50)) }));
/** A deterministic jitter of ±1 MiB, so that no series is perfectly smooth. */
const jitter = (requests: number) => Math.sin(requests * 12.9898) * MIB;
/** Heap growth at the start: 15 MiB in the first 800 requests, then nothing. */
const warmup = (requests: number) => Math.min(requests, 800) * ((15 * MIB) / 800);

describe('rssVerdict', () => {
  it('fails a leak of 60 KB a request', () => {
    const verdict = rssVerdict(series((r) => 70 * MIB + warmup(r) + r * 60_000 + jitter(r)));
    expect(verdict.leaking).toBe(true);
    expect(verdict.slopeBytesPerRequest).toBeGreaterThan(59_000);
    expect(verdict.slopeBytesPerRequest).toBeLessThan(61_000);
    expect(verdict.reason).toMatch(/keeps growing/);
  });

  it('fails a leak of 4 KB a request under a GC sawtooth of 20 MiB', () => {
    const sawtooth = (r: number) => ((r % 700) / 700) * 20 * MIB;
    const verdict = rssVerdict(series((r) => 70 * MIB + r * 4_000 + sawtooth(r)));
    expect(verdict.leaking).toBe(true);
  });

  it('passes a flat series with jitter', () => {
    const verdict = rssVerdict(series((r) => 80 * MIB + jitter(r)));
    expect(verdict.leaking).toBe(false);
    expect(Math.abs(verdict.slopeBytesPerRequest)).toBeLessThan(1_000);
  });

  it('passes a GC sawtooth of 20 MiB on a flat floor', () => {
    // Garbage piles up for 600 requests and is collected; the last peak is near the end.
    const verdict = rssVerdict(series((r) => 80 * MIB + ((r % 600) / 600) * 20 * MIB));
    expect(verdict.leaking).toBe(false);
    expect(new Set(verdict.floors).size).toBe(1);
  });

  it('passes heap growth at the start that levels off', () => {
    const verdict = rssVerdict(series((r) => 70 * MIB + 30 * MIB * (1 - Math.exp(-r / 700))));
    expect(verdict.leaking).toBe(false);
    expect(verdict.floors[3]).toBeGreaterThan(verdict.floors[0] ?? Infinity);
  });

  it('passes a one-off step of 40 MiB after warm-up (a heap resize, a cache reaching its bound)', () => {
    const verdict = rssVerdict(series((r) => 80 * MIB + (r >= 3_000 ? 40 * MIB : 0) + jitter(r)));
    expect(verdict.leaking).toBe(false);
    // The step is well over the threshold as a slope, so the floors are what passes it.
    expect(verdict.slopeBytesPerRequest).toBeGreaterThan(2048);
    expect(verdict.reason).toMatch(/levels off/);
  });

  it('passes steady growth under the threshold (the ledger: ~500 B a committed transaction)', () => {
    const verdict = rssVerdict(series((r) => 80 * MIB + r * 500));
    expect(verdict.leaking).toBe(false);
    expect(verdict.reason).toMatch(/under/);
  });

  it('does not judge too few samples', () => {
    const verdict = rssVerdict([
      { requests: 0, bytes: 70 * MIB },
      { requests: 5_000, bytes: 900 * MIB },
    ]);
    expect(verdict.leaking).toBe(false);
    expect(verdict.reason).toMatch(/too few samples/);
    expect(rssVerdict([]).reason).toBe('no samples');
  });

  it('reports the start, end and maximum whatever the order of the samples', () => {
    const verdict = rssVerdict([...series((r) => 70 * MIB + r * 1_000)].reverse());
    expect(verdict.startBytes).toBe(70 * MIB);
    expect(verdict.endBytes).toBe(70 * MIB + 5_000_000);
    expect(verdict.maxBytes).toBe(verdict.endBytes);
  });

  it('slope is the least-squares fit', () => {
    expect(slope(series((r) => 1_000 + r * 3))).toBeCloseTo(3, 6);
    expect(slope([{ requests: 1, bytes: 5 }])).toBe(0);
  });
});
