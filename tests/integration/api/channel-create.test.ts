import { describe, expect, it } from 'vitest';
import { UnsupportedByServerError } from '../../../src/api/errors.ts';
import { createChannel } from '../../../src/api/routes/channels.ts';
import { ROLE, failure, humanWithRole, useServer } from './harness.ts';

describe('POST /channels/create', () => {
  const h = useServer();

  it('creates a channel with its subscribers and gives its id; a name in use is refused', async () => {
    const admin = humanWithRole(h.server, ROLE.admin);
    const { id } = (
      await createChannel(h.as(ROLE.admin), {
        name: 'api-made',
        invite_only: true,
        subscribers: [admin.user_id],
      })
    ).data;
    const made = h.server.state.channelByName('api-made')!;
    expect(made.stream_id).toBe(id);
    expect(made.invite_only).toBe(true);
    expect(h.server.state.subscription(admin.user_id, id)).toBeTruthy();
    expect(await failure(createChannel(h.as(ROLE.admin), { name: 'api-made' }))).toMatchObject({
      code: 'CHANNEL_ALREADY_EXISTS',
    });
  });
});

describe('POST /channels/create on a server before FL 417', () => {
  const h = useServer({ featureLevel: 416 });

  it('is refused before any request', async () => {
    const before = h.server.state.channels.size;
    const error = await failure(createChannel(h.as(ROLE.admin), { name: 'too-early' }));
    expect(error).toBeInstanceOf(UnsupportedByServerError);
    expect(h.server.state.channels.size).toBe(before);
  });
});
