/** Built by scripts/vite-emoji-images.ts: service emoji code to image file stem, where they differ. */
declare module 'virtual:emoji-image-names' {
  const names: Readonly<Record<string, string>>;
  export default names;
}
