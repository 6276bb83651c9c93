/**
 * Editing, reordering and deleting what exists: profile fields,
 * linkifiers, saved snippets and channel folders.
 */
import { z } from 'zod';
import { AddLinkifierArgs } from './admin-people.ts';
import { lazySchema } from '../../lib/lazy-schema.ts';

const accountId = lazySchema(() => z.string().min(1));
const itemId = lazySchema(() => z.number().int().positive());
/** Every item's id once, in the new order; the server checks that none is missing. */
const order = lazySchema(() => z.array(itemId).max(10_000));

export const ReorderArgs = lazySchema(() => z.object({ accountId, order }).strict());

export const UpdateProfileFieldArgs = lazySchema(() =>
  z
    .object({
      accountId,
      fieldId: itemId,
      name: z.string().max(1000).optional(),
      hint: z.string().max(1000).optional(),
      fieldData: z.record(z.string(), z.unknown()).optional(),
      displayInProfileSummary: z.boolean().optional(),
      required: z.boolean().optional(),
      editableByUser: z.boolean().optional(),
    })
    .strict(),
);

export const ProfileFieldItemArgs = lazySchema(() =>
  z.object({ accountId, fieldId: itemId }).strict(),
);

export const UpdateLinkifierArgs = lazySchema(() =>
  AddLinkifierArgs.extend({ id: itemId }).strict(),
);

export const EditSnippetArgs = lazySchema(() =>
  z
    .object({
      accountId,
      id: itemId,
      title: z.string().max(1000).optional(),
      content: z.string().max(100_000).optional(),
    })
    .strict(),
);

/** Which admin list another session (or this one) changed, from the account's event queue. */
export const AdminKind = lazySchema(() =>
  z.enum([
    'profileFields',
    'linkifiers',
    'snippets',
    'folders',
    'people',
    'bots',
    'groups',
    'channels',
    'invites',
    'defaults',
    // The organization's own settings (PATCH /realm), such as who may invite.
    'realm',
  ]),
);
export type AdminKind = z.infer<typeof AdminKind>;
export const ListsChanged = lazySchema(() =>
  z.object({ accountId: z.string(), kinds: z.array(AdminKind) }),
);
