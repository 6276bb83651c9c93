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

export function toProbe(url: string, insecure: boolean, s: ServerSettings): ServerProbe {
  const icon = s.realm_icon ? new URL(s.realm_icon, url + '/').href : undefined;
  return {
    url,
    realmName: s.realm_name ?? new URL(url).host,
    realmIcon: icon,
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
