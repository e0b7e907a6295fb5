/** One measured figure of a bench section. */
export interface Metric {
  name: string;
  value: number;
  unit: string;
  /** What the figure should reach, e.g. `>= 2500` or `<= 5`. */
  target?: { op: '>=' | '<='; value: number };
  /** Spread across repeated runs inside this bench run, when measured. */
  runs?: number[];
}

export interface SectionResult {
  metrics: Metric[];
  notes?: string[];
}

/** A bench section: registered in `bench/sections/index.ts`, run by `npm run bench [name…]`. */
export interface BenchSection {
  name: string;
  description: string;
  run(): Promise<SectionResult>;
}
