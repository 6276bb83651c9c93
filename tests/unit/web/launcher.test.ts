import { describe, expect, it } from 'vitest';
import { isOwnUrl, launcherCommand } from '../../../src/web/launcher.ts';

describe("the browser launcher's guard and command", () => {
  const origin = 'http://127.0.0.1:4100';

  it('hands over only http URLs of the host itself', () => {
    expect(isOwnUrl(`${origin}/?token=abc&open=%7B%7D`, origin)).toBe(true);
    expect(isOwnUrl('http://127.0.0.1:4101/?token=abc', origin)).toBe(false);
    expect(isOwnUrl('file:///etc/passwd', origin)).toBe(false);
    expect(isOwnUrl('http://user@127.0.0.1:4100/', origin)).toBe(false);
    expect(isOwnUrl('--help', origin)).toBe(false);
  });

  it("uses each platform's own launcher", () => {
    expect(launcherCommand('linux')).toBe('xdg-open');
    expect(launcherCommand('freebsd')).toBe('xdg-open');
    expect(launcherCommand('darwin')).toBe('open');
    expect(launcherCommand('win32')).toBe('explorer.exe');
  });
});
