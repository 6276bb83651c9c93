/**
 * The notification sounds Perch ships. A server's sound names that Perch has no file for
 * play the default chime rather than nothing: the user asked to hear something.
 */
const files: Record<string, string> = {
  ding: './sounds/ding.ogg',
};
const fallback = './sounds/chime.ogg';

export function soundFile(name: string): string {
  return files[name] ?? fallback;
}

export function playSound(name: string): void {
  // Autoplay rules may refuse a sound before the first user gesture; that is not an error.
  void new Audio(soundFile(name)).play().catch(() => undefined);
}
