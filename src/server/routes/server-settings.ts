/** GET /server_settings (spec 4.22), no authentication. */
import type { Router } from '../http/router.ts';

export const SERVICE_VERSION = '11.0-perch';

export function register(router: Router): void {
  router.public('GET', '/server_settings', ({ ctx }) => {
    const realm = ctx.state.realm;
    return {
      authentication_methods: {
        password: true,
        dev: false,
        email: true,
        ldap: false,
        remoteuser: false,
        saml: false,
        'openid connect': false,
      },
      external_authentication_methods: [],
      service_feature_level: realm.feature_level,
      service_version: SERVICE_VERSION,
      service_merge_base: '',
      push_notifications_enabled: realm.push_outcome !== 'ADMIN_ACTION_REQUIRED',
      is_incompatible: false,
      email_auth_enabled: true,
      require_email_format_usernames: true,
      realm_url: ctx.baseUrl,
      realm_uri: ctx.baseUrl,
      realm_name: realm.name,
      realm_icon: ctx.baseUrl + realm.icon,
      realm_description: realm.description,
      realm_web_public_access_enabled: false,
    };
  });
}
