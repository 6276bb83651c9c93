/**
 * The two IPC channel names the preload and the main process share. Every contract call
 * travels on one channel, so the contract, not the IPC layer, decides what exists.
 */
export const INVOKE_CHANNEL = 'perch:invoke';
export const PUSH_CHANNEL = 'perch:push';
/** The topics the window's shown views follow; the main process pushes only those. */
export const LISTEN_CHANNEL = 'perch:listen';
