/** Message text for the demo: plain chatter with Markdown, mentions, wildcards and alert words. */
import type { UserRecord } from '../state/types.ts';
import type { Random } from './random.ts';
import { ALERT_WORDS, WORDS } from './vocabulary.ts';

function sentence(rng: Random): string {
  const n = 4 + rng.int(10);
  const words: string[] = [];
  for (let i = 0; i < n; i++) words.push(rng.pick(WORDS));
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1) + rng.pick(['.', '!', '?', '.']);
}

export function chatter(
  rng: Random,
  people: readonly UserRecord[],
  groups: readonly string[],
  inChannel: boolean,
): string {
  const roll = rng.next();
  const body = sentence(rng);
  if (roll < 0.08) return `@**${rng.pick(people).full_name}** ${body}`;
  if (roll < 0.1 && groups.length > 0) return `@*${rng.pick(groups)}* ${body}`;
  if (roll < 0.11 && inChannel) return `@**all** ${body}`;
  if (roll < 0.12 && inChannel) return `@**topic** ${body}`;
  if (roll < 0.16) return `${body} Possible ${rng.pick(ALERT_WORDS)} ahead.`;
  if (roll < 0.2) return `${body}\n\n\`\`\`\nnpm run build\n\`\`\``;
  if (roll < 0.23) return `> ${sentence(rng)}\n\n${body}`;
  if (roll < 0.26) return `- ${sentence(rng)}\n- ${sentence(rng)}`;
  if (roll < 0.28) return `See #${100 + rng.int(900)} and [the docs](https://example.com/docs).`;
  if (roll < 0.3) return `/me ${rng.pick(['waves', 'is on it', 'grabs coffee', 'approves'])}`;
  if (roll < 0.35) return `*${body}* **really**`;
  return body;
}
