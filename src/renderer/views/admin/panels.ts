/**
 * The admin console's panels, in the order the side list shows them.
 *
 * To add a panel: put its component in `panels/<Name>Panel.svelte` (it receives the account
 * the console works on, `account: AccountSummary`, and the Core's RPC port, `port`, to build
 * its model on: see admin-console.ts), import it here and add ONE entry to `adminPanels`. `visible` decides whether the signed-in user's role may use the
 * panel at all; a panel whose actions differ by role still checks those itself and still
 * shows the server's answer when it refuses.
 */
import type { Component } from 'svelte';
import type { AccountSummary } from '../../../contract/contract.ts';
import type { PanelProps } from './panel-props.ts';
import { ADMINISTRATOR, MEMBER, OWNER, atLeast } from './rules/roles.ts';
import ChannelFoldersPanel from './panels/ChannelFoldersPanel.svelte';
import ChannelsPanel from './panels/ChannelsPanel.svelte';
import DeactivationPanel from './panels/DeactivationPanel.svelte';
import HealthPanel from './panels/HealthPanel.svelte';
import DefaultsPanel from './panels/DefaultsPanel.svelte';
import InvitationsPanel from './panels/InvitationsPanel.svelte';
import InvitePermissionsPanel from './panels/InvitePermissionsPanel.svelte';
import ProfileFieldsPanel from './panels/ProfileFieldsPanel.svelte';
import PushPanel from './panels/PushPanel.svelte';
import VideoCallPanel from './panels/VideoCallPanel.svelte';
import UsersPanel from './panels/UsersPanel.svelte';
import UserGroupsPanel from './panels/UserGroupsPanel.svelte';
import LinkifiersPanel from './panels/LinkifiersPanel.svelte';
import SubscriptionsPanel from './panels/SubscriptionsPanel.svelte';
import CustomEmojiPanel from './panels/CustomEmojiPanel.svelte';

export type AdminPanel = {
  /** Stable id, also used for the panel's DOM id. */
  id: string;
  /** The name in the side list and the panel's heading. */
  label: string;
  component: Component<PanelProps>;
  visible: (role: number, account: AccountSummary) => boolean;
};

export { OWNER, ADMINISTRATOR, MODERATOR, MEMBER, atLeast } from './rules/roles.ts';

export const adminPanels: AdminPanel[] = [
  // First, so an owner or administrator opens the console on what needs attention.
  { id: 'health', label: 'Health', component: HealthPanel, visible: atLeast(ADMINISTRATOR) },
  {
    id: 'invitations',
    label: 'Invitations',
    component: InvitationsPanel,
    visible: atLeast(MEMBER),
  },
  // Owners change who may invite; administrators see the settings, read-only.
  {
    id: 'invite-permissions',
    label: 'Who may invite',
    component: InvitePermissionsPanel,
    visible: atLeast(ADMINISTRATOR),
  },
  { id: 'push', label: 'Push devices', component: PushPanel, visible: () => true },
  { id: 'video-call', label: 'Video call', component: VideoCallPanel, visible: () => true },
  {
    id: 'defaults',
    label: 'Defaults for new users',
    component: DefaultsPanel,
    visible: atLeast(ADMINISTRATOR),
  },
  // Upstream API: GET /streams with include_all and every channel edit are for administrators.
  { id: 'channels', label: 'Channels', component: ChannelsPanel, visible: atLeast(ADMINISTRATOR) },
  {
    id: 'channel-folders',
    label: 'Channel folders',
    component: ChannelFoldersPanel,
    visible: atLeast(ADMINISTRATOR),
  },
  {
    id: 'profile-fields',
    label: 'Custom profile fields',
    component: ProfileFieldsPanel,
    visible: atLeast(ADMINISTRATOR),
  },
  {
    id: 'deactivation',
    label: 'Deactivate organization',
    component: DeactivationPanel,
    visible: atLeast(OWNER),
  },
  // People (part two): every role may use these; each panel offers only what the role allows.
  { id: 'users', label: 'Users', component: UsersPanel, visible: () => true },
  { id: 'user-groups', label: 'User groups', component: UserGroupsPanel, visible: () => true },
  { id: 'linkifiers', label: 'Linkifiers', component: LinkifiersPanel, visible: () => true },
  // Anyone sees them; the server decides who may add one (an organization group setting).
  { id: 'custom-emoji', label: 'Custom emoji', component: CustomEmojiPanel, visible: () => true },
  // One's own subscriptions are managed under Channels; unsubscribing others stays here.
  {
    id: 'subscriptions',
    label: 'Remove subscribers',
    component: SubscriptionsPanel,
    visible: () => true,
  },
];
