import type { ServerSettings } from '../../api/schemas/server-settings.ts';

/** What the "server first" screen shows about an address before anyone signs in. */
export interface ServerProbe {
  url: string;
  realmName: string;
  realmIcon: string | undefined;
  /** Server-rendered HTML: the renderer sanitizes it before showing it. */
  descriptionHtml: string;
  version: string;
  featureLevel: number;
  incompatible: boolean;
  /** Plain http to a non-loopback host that the user accepted. */
  insecure: boolean;
  methods: { password: boolean; external: { name: string; displayName: string }[] };
}

/**
 * The organization's icon as an absolute URL on the server itself, or undefined. The icon
 * is shown before sign-in for any address typed and then with every account: an icon from
 * any other origin would let the server make Perch fetch from a third party, so it is
 * dropped here and no renderer ever sees one.
 */
export function serverIcon(icon: string | undefined, serverUrl: string): string | undefined {
  if (!icon) return undefined;
  try {
    const absolute = new URL(icon, serverUrl.replace(/\/+$/, '') + '/');
    return absolute.origin === new URL(serverUrl).origin ? absolute.href : undefined;
  } catch {
    return undefined;
  }
}

export function toProbe(url: string, insecure: boolean, s: ServerSettings): ServerProbe {
  return {
    url,
    realmName: s.realm_name ?? new URL(url).host,
    realmIcon: serverIcon(s.realm_icon, url),
    descriptionHtml: s.realm_description ?? '',
    version: s.service_version ?? 'unknown',
    featureLevel: s.service_feature_level ?? 0,
    incompatible: s.is_incompatible === true,
    insecure,
    methods: {
      password: s.email_auth_enabled ?? s.authentication_methods?.password ?? false,
      external: (s.external_authentication_methods ?? []).map((m) => ({
        name: m.name,
        displayName: m.display_name,
      })),
    },
  };
}
