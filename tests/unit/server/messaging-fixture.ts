/**
 * An in-process organization (the small fixed one) with event queues and messaging on a
 * ManualClock, for unit tests of the messaging half without HTTP.
 */
import { ManualClock } from '../../../src/lib/clock.ts';
import type { ServerContext } from '../../../src/server/context.ts';
import { EventQueues } from '../../../src/server/events/queues.ts';
import { messaging } from '../../../src/server/messages/service.ts';
import { populateFixedOrg } from '../../../src/server/state/fixed-org.ts';
import { CURRENT_FEATURE_LEVEL, createState } from '../../../src/server/state/realm.ts';
import type { ServerState } from '../../../src/server/state/state.ts';
import type { ChannelRecord, UserRecord } from '../../../src/server/state/types.ts';

/** A server context on a ManualClock with real event queues, without HTTP. */
export function testContext(state: ServerState, clock: ManualClock): ServerContext {
  const ctx: ServerContext = {
    state,
    clock,
    options: {
      heartbeatSeconds: 45,
      longpollTimeoutSeconds: 90,
      queueTimeoutSeconds: 600,
      rateLimit: false,
    },
    events: { emit() {} },
    baseUrl: 'http://127.0.0.1:9',
  };
  ctx.events = new EventQueues(ctx);
  return ctx;
}

export function messagingFixture(featureLevel = CURRENT_FEATURE_LEVEL) {
  const clock = new ManualClock();
  const now = Math.floor(clock.now() / 1000);
  const state = createState({ featureLevel, jwtKey: 'test-key', now });
  const ctx = testContext(state, clock);
  const queues = ctx.events as EventQueues;
  populateFixedOrg(state, now);
  const m = messaging(ctx);
  const user = (email: string): UserRecord => {
    const u = state.userByEmail(email);
    if (!u) throw new Error(`no ${email}`);
    return u;
  };
  const channel = (name: string): ChannelRecord => {
    const c = state.channelByName(name);
    if (!c) throw new Error(`no channel ${name}`);
    return c;
  };
  const general = channel('general');
  return {
    clock,
    state,
    ctx,
    queues,
    m,
    /** Sends a channel message (to general unless told otherwise). */
    post: (
      sender: UserRecord,
      content: string,
      topic = 't',
      to: ChannelRecord = general,
      timestamp?: number,
    ) => m.send({ sender, streamId: to.stream_id, topic, content, timestamp }),
    owner: user('owner@perch.test'),
    admin: user('admin@perch.test'),
    moderator: user('moderator@perch.test'),
    member: user('member@perch.test'),
    member2: user('member2@perch.test'),
    guest: user('guest@perch.test'),
    general,
    development: channel('development'),
    leadership: channel('leadership'),
  };
}
