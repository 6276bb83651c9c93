/**
 * Live mode: other users keep talking, every few seconds on the server's clock, so that
 * a client signed in as the owner sees messages, mentions and DMs arrive.
 */
import type { ServerContext } from '../context.ts';
import { messaging } from '../messages/service.ts';
import { ROLE, type UserRecord } from '../state/types.ts';
import { chatter } from './chatter.ts';
import { Random } from './random.ts';
import { TOPICS } from './vocabulary.ts';

export interface LiveOptions {
  intervalSeconds?: number;
  /** When the welcome DM comes: soon, so a newcomer sees a notification early. */
  firstPostSeconds?: number;
  seed?: number;
}

/** The first post: a DM to the owner, which every default setting notifies about. */
export const WELCOME_DM =
  'Welcome to the Perch demo! This direct message is how a notification looks. ' +
  'Colleagues keep posting every few seconds; click a notification to open its message.';

/** Starts posting; returns the function that stops it. */
export function startLive(ctx: ServerContext, options: LiveOptions = {}): () => void {
  const interval = (options.intervalSeconds ?? 4) * 1000;
  const rng = new Random(options.seed ?? 7);
  const m = messaging(ctx);
  const humans = (): UserRecord[] => ctx.state.activeUsers().filter((u) => !u.is_bot);
  const owner = (): UserRecord | undefined => humans().find((u) => u.role === ROLE.owner);

  const postOne = (): void => {
    const me = owner();
    const others = humans().filter((u) => u !== me);
    if (others.length === 0) return;
    const sender = rng.pick(others);
    if (me && rng.chance(0.15)) {
      m.send({
        sender,
        dmUserIds: [me.user_id],
        content: chatter(rng, [me], [], false),
        client: 'Perch live demo',
      });
      return;
    }
    const channels = ctx.state.subscriptionsOf(sender.user_id).map((s) => s.stream_id);
    if (channels.length === 0) return;
    const streamId = rng.pick(channels);
    // Now and then the owner is mentioned, so mention notifications can be seen too.
    const text = chatter(rng, others, [], true);
    const content = me && rng.chance(0.25) ? `@**${me.full_name}** ${text}` : text;
    m.send({ sender, streamId, topic: rng.pick(TOPICS), content, client: 'Perch live demo' });
  };

  const welcome = (): void => {
    const me = owner();
    const sender = humans().find((u) => u !== me);
    if (!me || !sender) return;
    m.send({ sender, dmUserIds: [me.user_id], content: WELCOME_DM, client: 'Perch live demo' });
  };

  let timer = ctx.clock.setTimeout(
    () => {
      welcome();
      timer = ctx.clock.setTimeout(function tick() {
        postOne();
        timer = ctx.clock.setTimeout(tick, interval);
      }, interval);
    },
    (options.firstPostSeconds ?? 3) * 1000,
  );
  return () => ctx.clock.clearTimeout(timer);
}
