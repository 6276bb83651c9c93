import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/api/errors.ts';
import { createVideoCall } from '../../../src/api/routes/calls.ts';
import { ROLE, failure, humanWithRole, useServer } from './harness.ts';

describe('POST /calls/videoprovider/create', () => {
  const h = useServer();

  it('fails clearly when no provider is configured', async () => {
    h.server.setVideoProvider(null);
    const error = await failure(createVideoCall(h.as(ROLE.member)));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).msg).not.toBe('');
  });

  it('fails when the caller has no token for the provider', async () => {
    h.server.setVideoProvider('https://video.test');
    h.server.setVideoProviderToken(humanWithRole(h.server, ROLE.member).user_id, false);
    expect(await failure(createVideoCall(h.as(ROLE.member)))).toBeInstanceOf(ApiError);
  });

  it('returns a call URL with a provider and a token', async () => {
    h.server.setVideoProvider('https://video.test');
    h.server.setVideoProviderToken(humanWithRole(h.server, ROLE.member).user_id, true);
    const { data } = await createVideoCall(h.as(ROLE.member));
    expect(data.url.startsWith('https://video.test')).toBe(true);
  });
});
