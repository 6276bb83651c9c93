/** Spec 2.1 role values as people say them. */
export function roleLabel(role: number): string {
  switch (role) {
    case 100:
      return 'Owner';
    case 200:
      return 'Administrator';
    case 300:
      return 'Moderator';
    case 400:
      return 'Member';
    case 600:
      return 'Guest';
    default:
      return `Role ${role}`;
  }
}
