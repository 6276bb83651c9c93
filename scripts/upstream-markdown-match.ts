/**
 * Measures how much of upstream's own published Markdown test cases the reference server
 * renders as upstream does. Upstream publishes them in its repository as a test fixture,
 * markdown_test_cases.json ("regular_tests": input and
 * expected_output, some with translate_emoticons; "linkify_tests": input, an expected
 * paragraph with %s for the link, and the link's text). The file is not shipped with Perch;
 * pass a copy of it:
 *   npx tsx scripts/upstream-markdown-match.ts path/to/markdown_test_cases.json [--misses]
 * Each input goes through POST /messages/render over loopback, as a client's would. HTML
 * is compared after the whitespace normalization the project's corpus test uses (runs of
 * whitespace and whitespace between tags do not count). Cases that name upstream's own test
 * organization (its `.testserver` host) cannot match any other server and are counted
 * apart, not left out.
 */
import { readFileSync } from 'node:fs';
import { startServer, type ServerUser, type StartedServer } from '../src/server/index.ts';

interface RegularCase {
  name: string;
  input: string;
  expected_output: string;
  translate_emoticons?: boolean;
}
interface Cases {
  regular_tests: RegularCase[];
  linkify_tests: [input: string, expected: string, url: string][];
}

const [path, ...flags] = process.argv.slice(2);
if (!path) {
  console.error('usage: npx tsx scripts/upstream-markdown-match.ts markdown_test_cases.json');
  process.exit(2);
}
const cases = JSON.parse(readFileSync(path, 'utf8')) as Cases;

function normalize(html: string): string {
  return html
    .replace(/<br>\s+/g, '<br>')
    .replace(/>\s+</g, '><')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The expected anchor, built as upstream builds it when it runs these cases. */
function linkified(expected: string, url: string): string {
  if (url === '') return expected;
  const href = url.startsWith('http') ? url : url.includes('@') ? `mailto:${url}` : `http://${url}`;
  return expected.replace('%s', `<a href="${href}">${url}</a>`);
}

async function render(server: StartedServer, user: ServerUser, content: string): Promise<string> {
  const auth = `Basic ${Buffer.from(`${user.email}:${user.api_key}`).toString('base64')}`;
  const res = await fetch(`${server.url}/api/v1/messages/render`, {
    method: 'POST',
    headers: { Authorization: auth, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ content }).toString(),
  });
  const body = (await res.json()) as { result: string; rendered?: string; msg?: string };
  return body.result === 'success' ? (body.rendered ?? '') : `[error: ${body.msg ?? ''}]`;
}

const server = await startServer({ rateLimit: false });
try {
  const plain = server.users[1]!;
  const translating = server.users[0]!;
  await fetch(`${server.url}/api/v1/settings`, {
    method: 'PATCH',
    headers: {
      Authorization: `Basic ${Buffer.from(`${translating.email}:${translating.api_key}`).toString('base64')}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: 'translate_emoticons=true',
  });

  const rows: { name: string; input: string; want: string; translate: boolean }[] = [
    ...cases.regular_tests.map((c) => ({
      name: c.name,
      input: c.input,
      want: c.expected_output,
      translate: c.translate_emoticons === true,
    })),
    ...cases.linkify_tests.map(([input, expected, url], i) => ({
      name: `linkify_${i}`,
      input,
      want: `${linkified(expected, url)}`,
      translate: false,
    })),
  ];
  let matched = 0;
  let hostBound = 0;
  const misses: string[] = [];
  for (const row of rows) {
    const got = normalize(await render(server, row.translate ? translating : plain, row.input));
    const want = normalize(row.want);
    if (got === want) matched++;
    else {
      if (/\/\/\w+\.testserver\b/.test(row.input)) hostBound++;
      misses.push(`${row.name} ${JSON.stringify(row.input)}\n  want ${want}\n  got  ${got}`);
    }
  }
  if (flags.includes('--misses')) console.log(misses.join('\n'));
  const share = ((100 * matched) / rows.length).toFixed(1);
  console.log(
    `upstream cases matched: ${matched}/${rows.length} (${share}%); of the ${rows.length - matched} others, ${hostBound} name upstream's test host`,
  );
} finally {
  await server.close();
}
