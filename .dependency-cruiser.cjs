// The layers of the code base (README.md, "How it is laid out"): each rule names what a layer
// must not reach. Type-only imports count as well: a type import is still a
// dependency on the layer that owns the type.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'lib-imports-nothing-above',
      comment: 'src/lib is the lowest layer: pure helpers every other layer may share.',
      severity: 'error',
      from: { path: '^src/lib/' },
      to: { path: '^(src|electron)/', pathNot: '^src/lib/' },
    },
    {
      name: 'api-imports-only-lib',
      comment: 'src/api is the chat service client; it knows nothing of the app around it.',
      severity: 'error',
      from: { path: '^src/api/' },
      to: { path: '^(src|electron)/', pathNot: '^src/(api|lib)/' },
    },
    {
      name: 'contract-imports-only-lib-and-api-schemas',
      comment:
        'src/contract is shared by the Core and the renderer: it may build on the pure zod ' +
        'schemas of the API, never on code of either side.',
      severity: 'error',
      from: { path: '^src/contract/' },
      to: { path: '^(src|electron)/', pathNot: '^src/(contract|lib|api/schemas)/' },
    },
    {
      name: 'core-imports-no-host-or-ui',
      comment:
        'src/core runs under plain Node in every host: it builds on lib, api and contract, ' +
        'never on the renderer, a host (web, electron) or the servers.',
      severity: 'error',
      from: { path: '^src/core/', pathNot: '^src/core/demo[.]ts$' },
      to: { path: '^(src|electron)/', pathNot: '^src/(core|contract|api|lib)/' },
    },
    {
      name: 'core-demo-imports-only-the-server-entry',
      comment:
        'The one exception to the rule above: the embedded demo organization runs the ' +
        "reference server in the Core's process, loaded only when the demo starts; it may " +
        "reach the server's entry point and nothing else of it.",
      severity: 'error',
      from: { path: '^src/core/demo[.]ts$' },
      to: {
        path: '^(src|electron)/',
        pathNot: '^(src/(core|contract|api|lib)/|src/server/index[.]ts$)',
      },
    },
    {
      name: 'rpc-handlers-only-translate',
      comment:
        'An RPC handler only translates (docs/architecture.md, "How a call flows"): it calls a ' +
        'service or keeper of the Core, which holds the logic and calls the API routes.',
      severity: 'error',
      from: { path: '^src/core/rpc/handlers/' },
      to: { path: '^src/api/routes/' },
    },
    {
      name: 'hosts-import-no-ui-or-server',
      comment:
        'The hosts (browser mode, Electron main) wire the Core to a window: they may use ' +
        'core, contract, api and lib, not the renderer code or the servers.',
      severity: 'error',
      from: { path: '^(src/web|src/electron|electron)/' },
      to: {
        path: '^(src|electron)/',
        pathNot: '^(src/(core|contract|api|lib)|$1)/',
      },
    },
    {
      name: 'renderer-imports-no-core-api-or-host',
      comment:
        'The renderer talks to the Core over the RPC bridge only: it may import the contract ' +
        '(its types and schemas) and the pure helpers of lib, never the Core, the API client, ' +
        'a host or the servers.',
      severity: 'error',
      from: { path: '^src/renderer/' },
      to: { path: '^(src|electron)/', pathNot: '^src/(renderer|contract|lib)/' },
    },
    {
      name: 'servers-import-no-client-code',
      comment:
        'The reference server and the bot server stand in for the chat service: they share ' +
        'only the pure helpers of lib with the client, so the client cannot leak into them.',
      severity: 'error',
      from: { path: '^src/(server|botserver)/' },
      to: { path: '^(src|electron)/', pathNot: '^src/($1|lib)/' },
    },
    {
      name: 'no-circular',
      comment: 'A cycle makes the modules in it one unit: none to load, test or move alone.',
      severity: 'error',
      from: { path: '^(src|electron)/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // `import type` is a dependency too (see the comment at the top).
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.svelte.ts', '.svelte', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
