/** What `npm run -s server` prints about its users, for programs (JSON) and for people. */
import type { ServerUser } from './index.ts';

export interface PrintedUser {
  email: string;
  api_key: string;
  role: number;
  full_name: string;
  /** People only: bots have no password and cannot use the JWT sign-in. */
  password?: string;
  /** A signed web token for this user, for the JWT sign-in. */
  jwt?: string;
}

const ROLE_NAMES: Record<number, string> = {
  100: 'owner',
  200: 'administrator',
  300: 'moderator',
  400: 'member',
  600: 'guest',
};

export function printedUsers(
  users: readonly ServerUser[],
  passwordOf: (email: string) => string | undefined,
  tokenFor: (email: string) => string,
): PrintedUser[] {
  return users.map((u) => {
    const base = { email: u.email, api_key: u.api_key, role: u.role, full_name: u.full_name };
    const password = u.is_bot ? undefined : passwordOf(u.email);
    return password ? { ...base, password, jwt: tokenFor(u.email) } : base;
  });
}

/** The readable version: one line a person, then the JWT key. */
export function credentialsReport(url: string, jwtKey: string, users: readonly PrintedUser[]) {
  const people = users.filter((u) => u.password);
  const width = (pick: (u: PrintedUser) => string) =>
    Math.max(...people.map((u) => pick(u).length));
  const name = width((u) => u.full_name);
  const email = width((u) => u.email);
  const role = width((u) => ROLE_NAMES[u.role] ?? String(u.role));
  const lines = people.map(
    (u) =>
      `  ${(ROLE_NAMES[u.role] ?? String(u.role)).padEnd(role)}  ${u.full_name.padEnd(name)}  ${u.email.padEnd(email)}  password ${u.password}  API key ${u.api_key}`,
  );
  return [
    `Organization address: ${url}`,
    `Sign in as anyone below with the email and password, or the email and API key:`,
    ...lines,
    `JWT sign-in: tokens are signed (HS256) with the key ${jwtKey}; a ready token for each`,
    `person, valid for 24 hours, is "jwt" in the JSON line above.`,
    '',
  ].join('\n');
}
