/**
 * Custom emoji every organization of this server starts with, drawn as small SVG images
 * so that the demo and the tests have real pictures to show without any upload.
 */
import type { ServerState } from '../state/state.ts';
import { addRealmEmoji } from './realm-emoji.ts';

const svg = (body: string) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">${body}</svg>`,
  );

const IMAGES: Readonly<Record<string, string>> = {
  party_parrot:
    '<circle cx="32" cy="34" r="24" fill="#2bb673"/><circle cx="32" cy="20" r="14" fill="#f15a24"/>' +
    '<circle cx="37" cy="17" r="4" fill="#fff"/><circle cx="38" cy="17" r="2" fill="#000"/>' +
    '<path d="M44 22 L56 26 L44 30 Z" fill="#fbb03b"/><path d="M14 40 Q32 62 50 40" fill="#1b75bc"/>',
  perch_logo:
    '<rect x="4" y="4" width="56" height="56" rx="14" fill="#3b5bdb"/>' +
    '<path d="M14 44 H50" stroke="#fff" stroke-width="5" stroke-linecap="round"/>' +
    '<circle cx="34" cy="28" r="11" fill="#ffd43b"/><path d="M43 26 L52 29 L43 32 Z" fill="#fd7e14"/>',
};

export function seedRealmEmoji(state: ServerState, authorId: number | null): void {
  for (const [name, body] of Object.entries(IMAGES)) {
    addRealmEmoji(state, name, authorId, {
      contentType: 'image/svg+xml',
      bytes: svg(body),
      extension: 'svg',
    });
  }
}
