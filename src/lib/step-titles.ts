/** The doctor's steps as the user reads them, in the dialog and in the copied report alike. */
export const STEP_TITLES = {
  dns: 'Name resolution',
  tcp: 'TCP connection',
  proxy: 'Proxy',
  tls: 'Secure connection (TLS)',
  http: 'HTTP answer',
  settings: 'Server settings',
  credentials: 'Credentials',
} as const;
