/** Unicode code points, which is what the spec's length limits count (not UTF-16 units). */
export function codePoints(text: string): number {
  return [...text].length;
}
