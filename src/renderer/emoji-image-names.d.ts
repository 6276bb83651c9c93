/** Built by scripts/vite-emoji-images.ts: each code with an image, to its file stem ('' = the code). */
declare module 'virtual:emoji-image-names' {
  const names: Readonly<Record<string, string>>;
  export default names;
}
