/** Spec 2.1 role values; lower numbers are more privileged. */
export const OWNER = 100;
export const ADMINISTRATOR = 200;
export const MODERATOR = 300;
export const MEMBER = 400;

/** A gate that lets in the given role and every more privileged one. */
export const atLeast =
  (role: number) =>
  (userRole: number): boolean =>
    userRole <= role;
