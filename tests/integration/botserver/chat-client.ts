/**
 * Just enough of the chat REST API, over plain HTTP with Basic auth, to act as a user of
 * the reference server: send messages, read them, and wait for new ones on an event queue.
 */
export interface ChatUser {
  email: string;
  api_key: string;
}

export interface ChatMessage {
  id: number;
  sender_email: string;
  content: string;
  type: string;
  subject?: string;
  display_recipient: unknown;
}

export async function callApi(
  baseUrl: string,
  user: ChatUser,
  method: 'GET' | 'POST',
  path: string,
  params: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    form.set(name, typeof value === 'string' ? value : JSON.stringify(value));
  }
  const url = new URL(`/api/v1${path}`, baseUrl);
  if (method === 'GET') url.search = form.toString();
  const response = await fetch(url, {
    method,
    headers: {
      authorization: `Basic ${Buffer.from(`${user.email}:${user.api_key}`).toString('base64')}`,
      ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    body: method === 'POST' ? form.toString() : undefined,
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (json.result !== 'success') throw new Error(`${method} ${path}: ${JSON.stringify(json)}`);
  return json;
}

/** A `message` event queue for one user; `next` long-polls until a matching message arrives. */
export async function messageQueue(baseUrl: string, user: ChatUser) {
  const registered = await callApi(baseUrl, user, 'POST', '/register', {
    event_types: ['message'],
  });
  const queueId = String(registered.queue_id);
  let lastEventId = Number(registered.last_event_id);
  return {
    async next(matches: (message: ChatMessage) => boolean): Promise<ChatMessage> {
      for (;;) {
        const polled = await callApi(baseUrl, user, 'GET', '/events', {
          queue_id: queueId,
          last_event_id: lastEventId,
        });
        for (const event of polled.events as {
          id: number;
          type: string;
          message?: ChatMessage;
        }[]) {
          lastEventId = Math.max(lastEventId, event.id);
          if (event.type === 'message' && event.message && matches(event.message))
            return event.message;
        }
      }
    },
  };
}
