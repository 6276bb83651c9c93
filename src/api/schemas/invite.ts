/** Upstream `Invite` objects (get-invites) and the create-invite-link response. */
import { z } from 'zod';
import { integer } from './common.ts';
import { lazySchema } from '../../lib/lazy-schema.ts';

export const inviteSchema = lazySchema(() =>
  z.looseObject({
    id: integer,
    /** Absent before FL 22, when the server sent the inviter's email as `ref`. */
    invited_by_user_id: integer.optional(),
    ref: z.string().optional(),
    invited: integer,
    /** null: never expires. */
    expiry_date: integer.nullable().optional(),
    invited_as: integer,
    /** Email invitations only. */
    email: z.string().optional(),
    /** Reusable links only. */
    link_url: z.string().optional(),
    is_multiuse: z.boolean(),
  }),
);
export type Invite = z.infer<typeof inviteSchema>;

export const getInvitesResponse = lazySchema(() =>
  z.looseObject({ invites: z.array(inviteSchema) }),
);
export const createInviteLinkResponse = lazySchema(() =>
  z.looseObject({ invite_link: z.string() }),
);
