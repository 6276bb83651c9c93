/**
 * Events about the user, the organization and its people; none of them moves a message
 * between unread sets (desktop_icon_count_display changes how the sets are counted).
 */
import type { AccountModel } from './account-model.ts';
import type {
  AlertWordsEvent,
  ChannelFolderEvent,
  LegacySettingEvent,
  RealmUserEvent,
  SavedSnippetsEvent,
  SettingUpdateEvent,
  VideoProviderTokenEvent,
} from './state-types.ts';

/** Spec 6, realm_user: deactivation has its own `update` form since this level. */
const DEACTIVATION_EVENT_LEVEL = 222;

export function applySetting(model: AccountModel, e: SettingUpdateEvent): void {
  const target = e.type === 'user_settings' ? model.settings : model.realmDefaults;
  target[e.property] = e.value;
}

export function applyLegacySetting(model: AccountModel, e: LegacySettingEvent): void {
  const property = e.type === 'update_display_settings' ? e.setting_name : e.notification_name;
  applySetting(model, {
    id: e.id,
    type: 'user_settings',
    op: 'update',
    property,
    value: e.setting,
  });
}

/** A deactivated user leaves every group (spec 6, realm_user). */
function leaveGroups(model: AccountModel, userId: number): void {
  for (const group of model.groups.values()) {
    if (group.members.includes(userId)) group.members = group.members.filter((m) => m !== userId);
  }
}

export function applyRealmUser(model: AccountModel, e: RealmUserEvent): void {
  const id = e.person.user_id;
  const known = model.users.get(id);
  if (e.op === 'add') {
    model.users.set(id, { ...e.person });
    return;
  }
  if (e.op === 'remove' && model.featureLevel >= DEACTIVATION_EVENT_LEVEL) {
    // Now `remove` only means a guest lost sight of the user: still active, still a member.
    return;
  }
  // Before the dedicated deactivation event, `remove` meant deactivation.
  const person = e.op === 'remove' ? { ...e.person, is_active: false } : e.person;
  model.users.set(id, { ...known, ...person });
  if (person.is_active === false) leaveGroups(model, id);
}

// The schema lists every op's fields as optional; the op says which ones are sent (spec 6).

export function applyChannelFolder(model: AccountModel, e: ChannelFolderEvent): void {
  if (e.op === 'add') {
    const folder = e.channel_folder!;
    model.channelFolders.set(folder.channel_folder_id, { ...folder });
    return;
  }
  const folder = model.channelFolders.get(e.channel_folder_id!);
  if (folder !== undefined) Object.assign(folder, e.data);
}

export function applySavedSnippets(model: AccountModel, e: SavedSnippetsEvent): void {
  if (e.op === 'remove') model.savedSnippets.delete(e.saved_snippet_id!);
  else model.savedSnippets.set(e.saved_snippet!.saved_snippet_id, { ...e.saved_snippet! });
}

export function applyAlertWords(model: AccountModel, e: AlertWordsEvent): void {
  model.alertWords = [...e.alert_words];
}

export function applyVideoProviderToken(model: AccountModel, e: VideoProviderTokenEvent): void {
  model.hasVideoProviderToken = e.value;
}
