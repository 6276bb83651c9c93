/**
 * The User-Agent every request carries. Servers record the product before the slash as the
 * message's `client` (spec 2.2), so it names Perch and its version like other chat clients.
 */
import packageJson from '../../package.json' with { type: 'json' };

export const USER_AGENT = `Perch/${packageJson.version} (${process.platform})`;
