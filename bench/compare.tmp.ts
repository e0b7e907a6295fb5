import { historySection } from './sections/history.ts';
import { historySection as oldSection } from './sections/historyOld.tmp.ts';
import { loadavg } from 'node:os';
for (let round = 0; round < 3; round += 1) {
  for (const [name, section] of [['old', oldSection], ['new', historySection]] as const) {
    const load = loadavg()[0].toFixed(1);
    const r = await section.run();
    const m = Object.fromEntries(r.metrics.map((x) => [x.name, x.value]));
    console.log(name, 'load', load, 'p50', m['save a transition p50'], 'p90', m['save a transition p90'], 'p99', m['save a transition p99'], 'over1ms', m['saves over 1 ms'], 'cpu p99', m['CPU per save p99'], 'scavenges', m['scavenges during the saves'], 'mean', m['scavenge pause mean'], 'runs', m['runs stored']);
  }
}
