/** The typing line's sentence: who is typing, by name, and "several people" past three. */
export function typingText(names: readonly string[]): string {
  if (names.length === 0) return '';
  if (names.length > 3) return 'Several people are typing…';
  if (names.length === 1) return `${names[0]} is typing…`;
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)} are typing…`;
}
