import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../../src/api/client.ts';
import { NetworkError } from '../../../src/api/errors.ts';
import { getServerSettings, serverAnswers } from '../../../src/api/routes/server.ts';
import { useServer } from './harness.ts';

describe('GET /server_settings', () => {
  const h = useServer({ featureLevel: 420 });

  it('answers without credentials and teaches the client the feature level', async () => {
    const client = new ApiClient({ realmUrl: h.server.url });
    try {
      expect(client.knownFeatureLevel).toBeUndefined();
      const { data, ignoredParameters } = await getServerSettings(client);
      expect(data.service_feature_level).toBe(420);
      expect(typeof data.service_version).toBe('string');
      expect(ignoredParameters).toEqual([]);
      expect(client.knownFeatureLevel).toBe(420);
    } finally {
      await client.close();
    }
  });

  it('is asked once, lazily, when a call needs the feature level', async () => {
    const client = h.as(400);
    expect(await client.featureLevel()).toBe(420);
    expect(client.knownFeatureLevel).toBe(420);
  });

  it('accepts a trailing slash on the server URL', async () => {
    const client = new ApiClient({ realmUrl: `${h.server.url}/` });
    try {
      expect((await getServerSettings(client)).data.service_feature_level).toBe(420);
    } finally {
      await client.close();
    }
  });

  it('tells that the server answers without reading it, and a closed port as a network failure', async () => {
    const client = new ApiClient({ realmUrl: h.server.url });
    try {
      await expect(serverAnswers(client)).resolves.toBeUndefined();
    } finally {
      await client.close();
    }
    // Port 1 on loopback: nothing listens there, so the connection is refused.
    const gone = new ApiClient({ realmUrl: 'http://127.0.0.1:1' });
    try {
      await expect(serverAnswers(gone)).rejects.toBeInstanceOf(NetworkError);
    } finally {
      await gone.close();
    }
  });

  it('hands a caller that already gave up a rejection with its reason, as any call does', async () => {
    const client = new ApiClient({ realmUrl: h.server.url });
    try {
      const reason = new Error('window closed');
      const signal = AbortSignal.abort(reason);
      const asked = client.answers('/server_settings', 'GET /server_settings', signal);
      await expect(asked).rejects.toBe(reason);
    } finally {
      await client.close();
    }
  });
});
