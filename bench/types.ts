/** What every benchmark returns; `npm run bench` prints them together. */
export interface BenchResult {
  name: string;
  /** Measured figures, with their unit in the key (e.g. `median_ms`, `events_per_s`, `ratio_vs_undici`). */
  metrics: Record<string, number | string>;
  /** Targets from the issues, each judged from the metrics above. */
  targets?: { label: string; pass: boolean }[];
}
