/** Spec 4.22 GET /server_settings. Every field may be absent on an older server. */
import { z } from 'zod';
import { integer } from './common.ts';
import { lazySchema } from '../../lib/lazy-schema.ts';

export const externalAuthenticationMethodSchema = lazySchema(() =>
  z.looseObject({
    name: z.string(),
    display_name: z.string(),
    display_icon: z.string().nullable(),
    login_url: z.string(),
    signup_url: z.string(),
  }),
);

export const serverSettingsResponse = lazySchema(() =>
  z.looseObject({
    authentication_methods: z.record(z.string(), z.boolean()).optional(),
    external_authentication_methods: z.array(externalAuthenticationMethodSchema).optional(),
    service_feature_level: integer.optional(),
    service_version: z.string().optional(),
    service_merge_base: z.string().optional(),
    push_notifications_enabled: z.boolean().optional(),
    is_incompatible: z.boolean().optional(),
    email_auth_enabled: z.boolean().optional(),
    require_email_format_usernames: z.boolean().optional(),
    realm_url: z.string().optional(),
    realm_uri: z.string().optional(),
    realm_name: z.string().optional(),
    realm_icon: z.string().optional(),
    realm_description: z.string().optional(),
    realm_web_public_access_enabled: z.boolean().optional(),
  }),
);
export type ServerSettings = z.infer<typeof serverSettingsResponse>;
