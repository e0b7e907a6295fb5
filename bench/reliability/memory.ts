import { spawnChain } from './chainProcess.ts';
import { FAMILIES, runFuzz, type Family, type FuzzFailure } from './fuzzRest.ts';
import { rssVerdict, type RssSample, type RssVerdict } from './rssVerdict.ts';

/**
 * The fuzz's memory verdict: each request family alone against a fresh chain process, its RSS
 * read from /proc every `SAMPLE_EVERY` answers, judged by `rssVerdict` (memory that keeps growing
 * with the requests fails the family). A fresh chain per family, so what one family keeps is not
 * put down to the next.
 *
 * A family judged to be leaking is sent `requests` more, up to `MAX_ROUNDS` times as many, and
 * judged again on the whole run: V8 and malloc grow to a family's working size at their own pace
 * (the 64–256 KiB bodies of `oversize` take about 5,000 requests to level off), while a leak
 * keeps growing however long it runs.
 */
const MAX_ROUNDS = 4;
export interface FamilyMemory extends Omit<RssVerdict, 'floors'> {
  family: Family;
  requests: number;
  seconds: number;
  /** Status counts of the family's answers (`{"400": 3012, …}`). */
  byStatus: Record<string, number>;
  /** Cases that failed the fuzz's own verdict (5xx, hang, wrong error body). */
  failures: FuzzFailure[];
  floors: number[];
  samples: RssSample[];
}

const SAMPLE_EVERY = 50;

export async function runMemory(args: {
  requests: number;
  seed: number;
  families?: Family[];
  log?: (line: string) => void;
}): Promise<FamilyMemory[]> {
  const log = args.log ?? (() => undefined);
  const out: FamilyMemory[] = [];
  for (const family of args.families ?? (Object.keys(FAMILIES) as Family[])) {
    const chain = await spawnChain(['--ephemeral']);
    try {
      const samples: RssSample[] = [{ requests: 0, bytes: chain.rss() }];
      const byStatus: Record<string, number> = {};
      const failures: FuzzFailure[] = [];
      let done = 0;
      let seconds = 0;
      let verdict: RssVerdict;
      do {
        const offset = done;
        const stats = await runFuzz({
          urls: chain.urls,
          seed: args.seed + offset,
          runs: args.requests,
          family,
          onCase: (count) => {
            if (count % SAMPLE_EVERY === 0)
              samples.push({ requests: offset + count, bytes: chain.rss() });
          },
        });
        done += stats.cases;
        seconds += stats.seconds;
        failures.push(...stats.failures);
        for (const [status, count] of Object.entries(stats.byStatus))
          byStatus[status] = (byStatus[status] ?? 0) + count;
        verdict = rssVerdict(samples);
        if (verdict.leaking && done < args.requests * MAX_ROUNDS)
          log(`  ${family}: still growing after ${done} requests, ${args.requests} more`);
      } while (verdict.leaking && done < args.requests * MAX_ROUNDS);
      const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(1);
      log(
        `  ${family}: ${done} requests in ${seconds.toFixed(0)} s, RSS ${mib(verdict.startBytes)} → ${mib(verdict.endBytes)} MiB, ${(verdict.slopeBytesPerRequest / 1024).toFixed(2)} KiB/request${verdict.leaking ? ' LEAKING' : ''}`,
      );
      if (verdict.leaking) log(`    ${verdict.reason}`);
      out.push({ family, requests: done, seconds, byStatus, failures, ...verdict, samples });
    } finally {
      await chain.stop();
    }
  }
  return out;
}
