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

/**
 * One player per file, kept: a new element per notification would fetch and decode the
 * file again each time, a cost paid for every message that chimes.
 */
const players = new Map<string, HTMLAudioElement>();

export function playSound(name: string): void {
  const file = soundFile(name);
  let player = players.get(file);
  if (!player) {
    player = new Audio(file);
    players.set(file, player);
  }
  // A chime still sounding starts over, as a new one would have begun.
  player.currentTime = 0;
  // Autoplay rules may refuse a sound before the first user gesture; that is not an error.
  void player.play().catch(() => undefined);
}
