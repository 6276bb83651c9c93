/** Spec 4.20 test-notification errors in plain words, each with what to do about it. */

const EXPLAINED: Record<string, { what: string; todo: string }> = {
  NO_ACTIVE_PUSH_DEVICE: {
    what: 'There is no registered device to send the test to.',
    todo: 'Sign in with the mobile app on the device (or check the device id), then try again.',
  },
  ADMIN_ACTION_REQUIRED: {
    what: 'The server is not set up to send push notifications: its push credentials are invalid, its plan has expired, or the organization is not registered for the push service.',
    todo: "Ask the server's administrator to fix the push notification setup.",
  },
  FAILED_TO_CONNECT_BOUNCER: {
    what: 'The server could not reach the push notification service over the network.',
    todo: 'This is usually temporary: try again in a few minutes. If it persists, tell the server administrator.',
  },
  INTERNAL_SERVER_ERROR_ON_BOUNCER: {
    what: 'The push notification service had an internal error.',
    todo: 'Nothing is wrong on your side: try again later.',
  },
};

export function explainPushError(
  code: string | undefined,
): { what: string; todo: string } | undefined {
  return code === undefined ? undefined : EXPLAINED[code];
}
