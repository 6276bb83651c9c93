/** Spec 4.3 / 4.6 channel folder rules, with the limits the server publishes. */
import { codePoints } from './text.ts';

export type FolderLimits = { nameMax: number; descriptionMax: number };

export function checkFolderName(name: string, limits: FolderLimits): string | undefined {
  if (name.trim() === '') return 'A folder needs a name.';
  if (codePoints(name) > limits.nameMax) return `At most ${limits.nameMax} characters.`;
  return undefined;
}

export function checkFolderDescription(text: string, limits: FolderLimits): string | undefined {
  if (codePoints(text) > limits.descriptionMax)
    return `At most ${limits.descriptionMax} characters.`;
  return undefined;
}
