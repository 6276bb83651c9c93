/**
 * The rules the people panels check before sending, each named the way the form shows it
 * next to its field. Every function returns the broken rules by field; none means send.
 */

export type Problems<F extends string> = Partial<Record<F, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function isEmailAddress(text: string): boolean {
  return EMAIL.test(text.trim());
}

/** Spec 4.14: email, password and full name are all required. */
export function checkNewUser(u: {
  email: string;
  password: string;
  fullName: string;
}): Problems<'email' | 'password' | 'fullName'> {
  const out: Problems<'email' | 'password' | 'fullName'> = {};
  if (u.email.trim() === '') out.email = 'required';
  else if (!isEmailAddress(u.email)) out.email = 'not an email address';
  if (u.password === '') out.password = 'required';
  if (u.fullName.trim() === '') out.fullName = 'required';
  return out;
}

/** Spec 4.17: title and content are required and non-empty. */
export function checkSnippet(s: { title: string; content: string }): Problems<'title' | 'content'> {
  const out: Problems<'title' | 'content'> = {};
  if (s.title === '') out.title = 'required, must not be empty';
  if (s.content === '') out.content = 'required, must not be empty';
  return out;
}

/**
 * Spec 4.9 principals: user ids (preferred) or API emails, one list of one kind.
 * Separated by commas, spaces or new lines.
 */
export function parsePrincipals(
  text: string,
): { ids: number[] } | { emails: string[] } | { error: string } | undefined {
  const items = text
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  if (items.length === 0) return undefined;
  if (items.every((s) => /^\d+$/.test(s))) return { ids: [...new Set(items.map(Number))] };
  const notEmail = items.find((s) => !isEmailAddress(s));
  if (notEmail === undefined) return { emails: [...new Set(items)] };
  if (items.some((s) => /^\d+$/.test(s))) {
    return { error: 'use either user ids or emails, not both' };
  }
  return { error: `"${notEmail}" is neither a user id nor an email address` };
}
