/**
 * What to tell a user whose Perch was installed without its keychain binding (keytar, an
 * optional dependency npm leaves out where it can neither download nor build it). Shared by
 * the Core's sign-in error and the renderer's banners, so both give the same remedy.
 * `npm rebuild keytar` is not the remedy: npm removes an optional package whose install
 * failed, so there is nothing left to rebuild; `npm install` fetches and builds it again.
 */
export const KEYCHAIN_BINDING_MISSING =
  "Perch's keychain binding (keytar) is not installed: when Perch was installed it could not be downloaded or built on this computer.";

/** The commands of the remedy, which the window shows as code. */
export const KEYCHAIN_BINDING_COMMANDS = {
  debian: 'sudo apt-get install libsecret-1-dev',
  fedora: 'sudo dnf install libsecret-devel',
  install: 'npm install',
} as const;

const c = KEYCHAIN_BINDING_COMMANDS;
export const KEYCHAIN_BINDING_REMEDY = `To install it, add libsecret's development files (Debian and Ubuntu: ${c.debian}; Fedora: ${c.fedora}), then run ${c.install} in Perch's folder and start Perch again.`;
