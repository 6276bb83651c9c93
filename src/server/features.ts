/**
 * The video-call provider and push device of an organization (spec 4.20, 4.21), set from
 * `startServer` options or the command line. The demo has both working, so its one-click
 * video call and push test show their success; each can be turned off, and the push test
 * can be made to fail with any error of spec 4.20, for tests and for trying failure paths.
 */
import type { ServerState } from './state/state.ts';
import { ROLE, type PushOutcome } from './state/types.ts';

/** `local`: this server is the provider and serves a stand-in meeting page (meeting-page.ts). */
export type VideoProviderOption = 'none' | 'local';
export type PushTestError = Exclude<PushOutcome, 'ok'>;

export const VIDEO_PROVIDER_OPTIONS: readonly VideoProviderOption[] = ['none', 'local'];
export const PUSH_TEST_ERRORS: readonly PushTestError[] = [
  'NO_ACTIVE_PUSH_DEVICE',
  'ADMIN_ACTION_REQUIRED',
  'FAILED_TO_CONNECT_BOUNCER',
  'INTERNAL_SERVER_ERROR_ON_BOUNCER',
];

export interface FeatureOptions {
  videoProvider: VideoProviderOption;
  /** Whether the owner has a registered end-to-end-encrypted push device. */
  pushDevice: boolean;
  /** What the push test answers even with a device; undefined: success. */
  pushTestError: PushTestError | undefined;
}

export function configureFeatures(state: ServerState, baseUrl: string, o: FeatureOptions): void {
  const local = o.videoProvider === 'local';
  // Calls are created at `${provider}/call/<id>`, which this server then serves.
  state.realm.video_provider_url = local ? baseUrl : null;
  const humans = state.activeUsers().filter((u) => !u.is_bot);
  // With the provider on this server, every person counts as connected to it.
  if (local) for (const u of humans) u.has_videoprovider_token = true;

  const owner = humans.find((u) => u.role === ROLE.owner);
  if (owner) {
    const hasDevice = owner.push_devices.some((d) => d.kind === 'e2ee');
    if (o.pushDevice && !hasDevice) {
      owner.push_devices.push({
        device_id: state.nextId('push_device'),
        kind: 'e2ee',
        token: 'owner-phone',
        appid: 'perch.demo',
      });
    } else if (!o.pushDevice) {
      owner.push_devices = owner.push_devices.filter((d) => d.kind !== 'e2ee');
    }
  }
  state.realm.push_outcome = o.pushTestError ?? 'ok';
}

/** Whether `provider` is this server itself, so its calls are pages it serves. */
export function isLocalProvider(state: ServerState, baseUrl: string): boolean {
  return baseUrl !== '' && state.realm.video_provider_url === baseUrl;
}
