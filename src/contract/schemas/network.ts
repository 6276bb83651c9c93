/** Wire shapes of the network settings: the proxy preference and the connection doctor. */
import { z } from 'zod';
import { lazySchema } from '../../lib/lazy-schema.ts';

/** How Perch reaches servers: the environment's proxy, none, or one the user typed. */
export const ProxyPreference = lazySchema(() =>
  z.object({
    mode: z.enum(['system', 'none', 'manual']),
    /** `http://host:port` of the manual proxy; kept when another mode is chosen. */
    url: z.string().max(2048),
    username: z.string().max(320),
  }),
);
export type ProxyPreference = z.infer<typeof ProxyPreference>;

/** What Preferences shows: the choice, whether a password is kept, what the environment says. */
export const ProxyState = lazySchema(() =>
  z.object({
    preference: ProxyPreference,
    /** The password itself stays in the keychain and in the Core. */
    passwordSet: z.boolean(),
    /** The environment's proxies, credentials removed, for "Use the system proxy". */
    environment: z.object({
      https: z.string().optional(),
      http: z.string().optional(),
      noProxy: z.string().optional(),
    }),
  }),
);
export type ProxyState = z.infer<typeof ProxyState>;

export const SetProxyArgs = lazySchema(() =>
  ProxyPreference.extend({
    url: z.string().trim().max(2048),
    username: z.string().trim().max(320),
    /** A new password; null forgets the kept one; absent keeps it. */
    password: z.string().max(4096).nullable().optional(),
  }).strict(),
);

export const DoctorStepName = lazySchema(() =>
  z.enum(['dns', 'tcp', 'proxy', 'tls', 'http', 'settings', 'credentials']),
);
export type DoctorStepName = z.infer<typeof DoctorStepName>;

export const DoctorStep = lazySchema(() =>
  z.object({
    step: DoctorStepName,
    /** Passed, failed, or not run because an earlier step failed or it does not apply. */
    outcome: z.enum(['ok', 'failed', 'skipped']),
    /** One sentence a user understands. */
    summary: z.string(),
    /** Secondary lines: addresses, codes, certificate fields. Never a key or a password. */
    details: z.array(z.string()),
  }),
);
export type DoctorStep = z.infer<typeof DoctorStep>;

export const DoctorArgs = lazySchema(() =>
  z.union([
    z.object({ accountId: z.string().min(1) }).strict(),
    z
      .object({
        serverUrl: z.string().trim().min(1, 'enter the server address').max(2048),
        allowInsecure: z.boolean().optional(),
      })
      .strict(),
  ]),
);

export const DoctorReport = lazySchema(() =>
  z.object({
    server: z.string(),
    /** When the checks ran (ms since the epoch). */
    at: z.number(),
    steps: z.array(DoctorStep),
    /** Plain text for a support ticket. */
    text: z.string(),
  }),
);
export type DoctorReport = z.infer<typeof DoctorReport>;
