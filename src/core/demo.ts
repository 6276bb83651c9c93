/**
 * The embedded demo organization: the reference server started in this process on a free
 * loopback port, so a newcomer sees a working organization with no account anywhere.
 */
import { randomBytes } from 'node:crypto';
import type { StartedServer } from '../server/index.ts';

export interface DemoServer {
  url: string;
  owner: { email: string; apiKey: string };
  close(): Promise<void>;
}

export type DemoServerFactory = () => Promise<DemoServer>;

export const startEmbeddedDemo: DemoServerFactory = async () => {
  // Loaded only when the demo runs: the reference server and its markdown renderer (KaTeX,
  // highlight.js) are a third of the host's code. In the host's bundle they are a chunk of
  // their own, so a host without the demo never compiles them, and one with it compiles
  // them apart from the rest, which halves the parser's peak memory that the C heap keeps
  // afterwards.
  const { startServer } = await import('../server/index.ts');
  // The reference server's default JWT key is public: anyone could mint a token for the owner.
  const server: StartedServer = await startServer({
    demo: true,
    // Colleagues keep talking, first with a DM to the owner: a newcomer sees a notification.
    live: true,
    jwtKey: randomBytes(32).toString('base64url'),
  });
  const owner = server.users.find((u) => u.role === 100 && !u.is_bot);
  if (!owner) {
    await server.close();
    throw new Error('The demo organization has no owner');
  }
  return {
    url: server.url,
    owner: { email: owner.email, apiKey: owner.api_key },
    close: () => server.close(),
  };
};
