/**
 * Node's built-in modules that a start does not use before its first Inbox: TLS, sockets,
 * DNS and streams. An `import … from 'node:tls'` at a module's top is loaded with the host's
 * entry, before the Core's first line, and these four cost about 15 ms of CPU at every start
 * (bench/README.md, `cache-start`). `process.getBuiltinModule` (Node's documentation,
 * "process.getBuiltinModule(id)", Node 20.16 and later) loads one when first asked for,
 * synchronously, and returns the same module object every time after.
 */
export const nodeTls = () => process.getBuiltinModule('node:tls');
export const nodeNet = () => process.getBuiltinModule('node:net');
export const nodeDns = () => process.getBuiltinModule('node:dns/promises');
export const nodeStream = () => process.getBuiltinModule('node:stream');
