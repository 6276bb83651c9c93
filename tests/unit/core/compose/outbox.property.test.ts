/**
 * The outbox over random fault schedules: requests lost before the server, answers lost after
 * it applied them, own events delayed or lost, event queues lost, look-ups failing, the host
 * restarted at any point. Whatever happens, once the network heals and the user presses Try
 * again on what the outbox calls failed, every message the user sent is on the server exactly
 * once: none lost, none doubled.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_CHECK_MS, Outbox } from '../../../../src/core/compose/outbox.ts';
import { ManualClock } from '../../../../src/lib/clock.ts';
import {
  FakeChatServer,
  FakeKeeper,
  settle,
  type EventFault,
  type SendFault,
} from './outbox-fake.ts';

type Step =
  | { t: 'submit'; topic: number }
  | { t: 'send'; fault: SendFault }
  | { t: 'event'; fault: EventFault }
  | { t: 'lookup'; works: boolean }
  | { t: 'deliver' }
  | { t: 'advance'; ms: number }
  | { t: 'reregister' }
  | { t: 'restart' }
  | { t: 'retry' }
  | { t: 'settle' };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ t: fc.constant('submit' as const), topic: fc.integer({ min: 0, max: 2 }) }),
  fc.record({
    t: fc.constant('send' as const),
    fault: fc.constantFrom<SendFault>('ok', 'lostBefore', 'lostAfter', 'refused'),
  }),
  fc.record({
    t: fc.constant('event' as const),
    fault: fc.constantFrom<EventFault>('deliver', 'hold', 'lose'),
  }),
  fc.record({ t: fc.constant('lookup' as const), works: fc.boolean() }),
  fc.record({ t: fc.constant('deliver' as const) }),
  fc.record({
    t: fc.constant('advance' as const),
    ms: fc.integer({ min: 0, max: 2 * MAX_CHECK_MS }),
  }),
  fc.record({ t: fc.constant('reregister' as const) }),
  fc.record({ t: fc.constant('restart' as const) }),
  fc.record({ t: fc.constant('retry' as const) }),
  fc.record({ t: fc.constant('settle' as const) }),
);

async function run(steps: Step[]): Promise<void> {
  const clock = new ManualClock();
  const server = new FakeChatServer(() => clock.now());
  const keeper = new FakeKeeper();
  let sendFault: SendFault = 'ok';
  let eventFault: EventFault = 'deliver';
  let lookupWorks = true;
  server.sendFault = () => sendFault;
  server.eventFault = () => eventFault;
  server.lookupWorks = () => lookupWorks;
  let ids = 0;
  const start = (): Outbox => {
    const o = new Outbox({
      port: server.port(),
      keeper: keeper.restart(),
      clock,
      onChange: () => {},
      newLocalId: () => `l${++ids}`,
    });
    server.onEvent = (localId, messageId) => o.onMessageEvent(localId, messageId);
    void o.start();
    return o;
  };
  let outbox = start();
  const sent: string[] = [];
  const retryFailed = () => {
    for (const e of outbox.list()) if (e.state === 'failed') void outbox.retry(e.localId);
  };

  for (const s of steps) {
    switch (s.t) {
      case 'submit': {
        const content = `message ${sent.length}`;
        // Counted once the outbox has it: before that, compose still holds the text.
        await outbox.submit({ to: { type: 'stream', streamId: 1, topic: `t${s.topic}` }, content });
        sent.push(content);
        break;
      }
      case 'send':
        sendFault = s.fault;
        break;
      case 'event':
        eventFault = s.fault;
        break;
      case 'lookup':
        lookupWorks = s.works;
        break;
      case 'deliver':
        server.deliverHeld();
        break;
      case 'advance':
        await clock.advance(s.ms);
        break;
      case 'reregister':
        server.newQueue();
        outbox.onReregistered();
        break;
      case 'restart':
        outbox.close();
        outbox = start();
        break;
      case 'retry':
        retryFailed();
        break;
      case 'settle':
        await settle();
        break;
    }
  }

  // The network heals; the user presses Try again on whatever says "not sent".
  sendFault = 'ok';
  eventFault = 'deliver';
  lookupWorks = true;
  await outbox.start();
  await settle();
  for (let round = 0; round < 10 && outbox.list().length > 0; round++) {
    server.deliverHeld();
    outbox.onReregistered();
    await settle();
    await clock.advance(MAX_CHECK_MS);
    await settle();
    retryFailed();
    await settle();
  }
  expect(outbox.list()).toEqual([]);
  for (const content of sent)
    expect({ content, copies: server.count(content) }).toEqual({ content, copies: 1 });
  expect(server.messages).toHaveLength(sent.length);
}

describe('Outbox under random faults', () => {
  it('loses nothing and doubles nothing', async () => {
    await fc.assert(fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 40 }), run), {
      numRuns: 500,
    });
  });
});
