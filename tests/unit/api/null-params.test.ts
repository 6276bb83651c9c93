/**
 * A null the spec allows is sent only where upstream JSON-decodes the parameter. Where it
 * reads plain text, null would arrive as the word "null", so it is left out: for those
 * parameters absence already means null. The reference server reads "null" either way, so
 * a stub shows what goes over the wire.
 */
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../src/api/client.ts';
import { sendInvites } from '../../../src/api/routes/invites.ts';
import { addLinkifier } from '../../../src/api/routes/linkifiers.ts';
import { deactivateRealm } from '../../../src/api/routes/realm.ts';
import { useStubClient } from './schemas/helpers.ts';

describe('null parameters on the wire', () => {
  const stub = useStubClient();

  /** The parameters one call sent to a server at FL 420. */
  async function sentBy(call: (c: ApiClient) => Promise<unknown>): Promise<URLSearchParams> {
    const { server, client } = await stub(
      { '/invites': {}, '/realm/filters': { id: 1 }, '/realm/deactivate': {} },
      420,
    );
    await call(client);
    const params = server.requests[0]?.params;
    if (!params) throw new Error('no request reached the stub');
    return params;
  }

  it('leaves out a null welcome_message_custom_text, keeps an empty one', async () => {
    const invite = { invitee_emails: 'x@elsewhere.test', stream_ids: [] };
    const withNull = await sentBy((c) =>
      sendInvites(c, { ...invite, welcome_message_custom_text: null }),
    );
    expect(withNull.has('welcome_message_custom_text')).toBe(false);
    const empty = await sentBy((c) =>
      sendInvites(c, { ...invite, welcome_message_custom_text: '' }),
    );
    expect(empty.get('welcome_message_custom_text')).toBe('');
  });

  it('still sends a null invite_expires_in_minutes, which upstream JSON-decodes (never expires)', async () => {
    const sent = await sentBy((c) =>
      sendInvites(c, {
        invitee_emails: 'x@elsewhere.test',
        stream_ids: [],
        invite_expires_in_minutes: null,
      }),
    );
    expect(sent.get('invite_expires_in_minutes')).toBe('null');
  });

  it('leaves out a null reverse_template, keeps a given one', async () => {
    const linkifier = { pattern: '#(?P<id>[0-9]+)', url_template: 'https://t.test/{id}' };
    const withNull = await sentBy((c) => addLinkifier(c, { ...linkifier, reverse_template: null }));
    expect(withNull.has('reverse_template')).toBe(false);
    expect(withNull.get('url_template')).toBe('https://t.test/{id}');
    const given = await sentBy((c) => addLinkifier(c, { ...linkifier, reverse_template: '#{id}' }));
    expect(given.get('reverse_template')).toBe('#{id}');
  });

  it('still sends a null deletion_delay_days, which upstream JSON-decodes (kept indefinitely)', async () => {
    const sent = await sentBy((c) => deactivateRealm(c, { deletion_delay_days: null }));
    expect(sent.get('deletion_delay_days')).toBe('null');
  });
});
