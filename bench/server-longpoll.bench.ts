/**
 * The reference server's speed: 1000 long-polls open at once on the reference server, each
 * receiving one message. Measures the time from sending the message to the last poll answering,
 * over loopback, with undici keeping one connection per poll.
 */
import { Agent, request } from 'undici';
import { startServer, type ServerUser } from '../src/server/index.ts';
import type { BenchResult } from './types.ts';

const POLLS = 1000;

export default async function (): Promise<BenchResult> {
  const server = await startServer({ rateLimit: false });
  const dispatcher = new Agent({ connections: POLLS + 10, keepAliveTimeout: 60_000 });
  const authOf = (u: ServerUser) =>
    `Basic ${Buffer.from(`${u.email}:${u.api_key}`).toString('base64')}`;
  const general = server.state.channelByName('general');
  if (!general) throw new Error('no general channel');
  const listeners = server.users.filter((u) =>
    server.state.subscription(u.user_id, general.stream_id),
  );
  const owner = server.users[0];
  if (!owner || listeners.length === 0) throw new Error('no listeners');

  const call = async (
    u: ServerUser,
    method: 'GET' | 'POST',
    path: string,
    params: Record<string, string>,
  ) => {
    const query = new URLSearchParams(params).toString();
    const res = await request(`${server.url}/api/v1${path}${method === 'GET' ? `?${query}` : ''}`, {
      method,
      dispatcher,
      headers: { authorization: authOf(u), 'content-type': 'application/x-www-form-urlencoded' },
      body: method === 'POST' ? query : undefined,
    });
    return (await res.body.json()) as Record<string, unknown>;
  };

  try {
    const registerStart = performance.now();
    const queues: { user: ServerUser; queueId: string }[] = [];
    for (let i = 0; i < POLLS; i++) {
      const user = listeners[i % listeners.length] as ServerUser;
      const r = await call(user, 'POST', '/register', {
        event_types: '["message"]',
        fetch_event_types: '["message"]',
      });
      queues.push({ user, queueId: r.queue_id as string });
    }
    const registerMs = performance.now() - registerStart;

    let answered = 0;
    let lastAnswerAt = 0;
    const polls = queues.map(({ user, queueId }) =>
      call(user, 'GET', '/events', { queue_id: queueId, last_event_id: '-1' }).then((r) => {
        const events = r.events as { type: string }[];
        if (events.some((e) => e.type === 'message')) answered++;
        lastAnswerAt = performance.now();
      }),
    );
    // Wait on I/O until every poll is parked at the server.
    while (queues.some(({ user, queueId }) => !server.queues.get(queueId, user.user_id).waiter)) {
      await new Promise<void>((r) => setImmediate(r));
    }
    const sendAt = performance.now();
    const cpuAtSend = process.cpuUsage();
    await call(owner, 'POST', '/messages', {
      type: 'stream',
      to: 'general',
      topic: 'bench',
      content: 'hello, everyone',
    });
    await Promise.all(polls);
    const fanOutMs = lastAnswerAt - sendAt;
    const used = process.cpuUsage(cpuAtSend);
    // Wall time swings with other work on a shared machine; CPU time much less so.
    const fanOutCpuMs = (used.user + used.system) / 1000;
    return {
      name: 'reference server: 1000 long-polls receiving one message',
      metrics: {
        open_long_polls: POLLS,
        polls_answered_with_the_message: answered,
        register_1000_queues_ms: registerMs,
        send_to_last_poll_answered_ms: fanOutMs,
        fan_out_cpu_ms_client_and_server: fanOutCpuMs,
        deliveries_per_s: answered / (fanOutMs / 1000),
      },
      targets: [
        { label: 'every one of the 1000 polls gets the message', pass: answered === POLLS },
        {
          label: 'answering all 1000 costs under 1 s of CPU, client and server together',
          pass: fanOutCpuMs < 1000,
        },
      ],
    };
  } finally {
    await server.close();
    await dispatcher.close();
  }
}
