/**
 * Preloaded into Electron's installer (node --import) so that a failed download says why.
 * Node's fetch rejects with a bare "fetch failed" and keeps the reason (a name that does not
 * resolve, a refused connection, a proxy's 407…) in its chain of causes, which the installer
 * does not print. This appends the innermost one to the message the installer does print.
 */
const fetchWithoutCause = globalThis.fetch;

/** The innermost cause that says something, with its code when the text lacks it. */
function rootCause(error) {
  let found = '';
  for (let cause = error?.cause; cause; cause = cause.cause) {
    // A connection tried over IPv4 and IPv6 fails with an AggregateError holding both.
    const text = cause.message || cause.errors?.[0]?.message || '';
    const code = typeof cause.code === 'string' && !text.includes(cause.code) ? cause.code : '';
    if (text || code) found = [code, text].filter(Boolean).join(': ');
  }
  return found;
}

globalThis.fetch = async (...args) => {
  try {
    return await fetchWithoutCause(...args);
  } catch (error) {
    const cause = rootCause(error);
    if (error instanceof Error && cause) error.message += ` (${cause})`;
    throw error;
  }
};
