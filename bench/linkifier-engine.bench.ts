/**
 * Linkifier patterns moved from the JavaScript engine (backtracking) to RE2 (re2js, linear
 * time). Measured side by side in one run: an adversarial pattern, where the old engine doubles
 * its time with each character, and an ordinary pattern on an ordinary message, which is what
 * the linear engine costs day to day.
 */
import {
  compileLinkifierRegex,
  findMatches,
  type LinkifierRegex,
} from '../src/lib/linkifier-regex.ts';
import type { BenchResult } from './types.ts';

function re2(pattern: string): LinkifierRegex {
  const compiled = compileLinkifierRegex(pattern);
  if ('error' in compiled) throw new Error(compiled.error);
  return compiled;
}

/** Median wall time of `rounds` runs of `work`, in milliseconds. */
function median(rounds: number, work: () => unknown): number {
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const t0 = performance.now();
    work();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? 0;
}

/** What the server did before: every match as a global JavaScript RegExp, (?P< read as (?<. */
function nativeMatches(pattern: string, text: string): number {
  return [...text.matchAll(new RegExp(pattern.replace(/\(\?P</g, '(?<'), 'gu'))].length;
}

export default async function (): Promise<BenchResult> {
  const adversarial = '(a|a)*b';
  const metrics: Record<string, number> = {};
  // Small enough for the old engine to finish; each extra `a` doubles its time.
  for (const n of [18, 20, 22]) {
    const text = 'a'.repeat(n);
    metrics[`adversarial_${n}_chars_old_ms`] = median(3, () => nativeMatches(adversarial, text));
    metrics[`adversarial_${n}_chars_re2_ms`] = median(3, () => findMatches(re2(adversarial), text));
  }
  metrics.adversarial_22_chars_ratio_old_vs_re2 =
    metrics.adversarial_22_chars_old_ms! / Math.max(metrics.adversarial_22_chars_re2_ms!, 1e-3);
  const longest = 'a'.repeat(10_000);
  metrics.adversarial_10000_chars_re2_ms = median(3, () => findMatches(re2(adversarial), longest));

  const ordinary = '#(?P<id>[0-9]+)';
  const message = 'Fixed in #1234, see also #99 and the notes on #4567 from last week. '.repeat(20);
  const compiled = re2(ordinary);
  metrics.ordinary_message_old_ms = median(200, () => nativeMatches(ordinary, message));
  metrics.ordinary_message_re2_ms = median(200, () => findMatches(compiled, message));
  metrics.ordinary_ratio_re2_vs_old =
    metrics.ordinary_message_re2_ms / Math.max(metrics.ordinary_message_old_ms, 1e-3);

  return {
    name: 'Linkifier engine: JavaScript RegExp (old) vs RE2 (re2js)',
    metrics,
    targets: [
      {
        label: 'a 10 000-character adversarial message is matched in under a second with RE2',
        pass: metrics.adversarial_10000_chars_re2_ms < 1000,
      },
    ],
  };
}
