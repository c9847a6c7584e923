// Import boundaries, checked by `npm run lint` (dependency-cruiser): the wiring points one way.
// page, layout → feature → components/ui, stores → api → contract → domain. Server and browser
// meet only in src/api/contract and src/domain (and the server reads the message catalogue the
// build also uses, src/i18n's build-time modules). Type-only imports count: a circle made of types
// still means two modules that cannot be understood apart.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle means two modules are one concern, or the wiring points both ways.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'features-apart',
      severity: 'error',
      comment: 'The storefront and the kiosk do not import each other: what both use moves down to src/components/ui, src/stores, src/api or src/domain.',
      from: { path: '^src/features/(customer|kiosk)/' },
      to: { path: '^src/features/([^/]+)/', pathNot: '^src/features/$1/' },
    },
    {
      name: 'feature-folders-apart',
      severity: 'error',
      comment:
        "A feature folder (customer/booking, kiosk/cash-desk…) does not import its siblings, and shared/ imports none of them: what two use moves down to the side's shared/ (a change to one feature then opens one folder). A part only one feature mounts lives inside it (booking/ask-shop, pairing/referrals).",
      from: { path: '^src/features/([^/]+)/([^/]+)/' },
      to: { path: '^src/features/$1/[^/]+/', pathNot: '^src/features/$1/($2|shared)/' },
    },
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment:
        'src/domain holds pure rules and imports nothing outside itself, but for the types of the wire entities it computes over (from src/api/contract, type-only: defining them again would write the contract twice). Its tests may parse with the contract.',
      from: { path: '^src/domain/', pathNot: '\\.test\\.ts$' },
      to: { path: '^(src/(?!domain/)|server/)', pathNot: '^src/api/contract/', dependencyTypesNot: ['npm'] },
    },
    {
      name: 'domain-reads-contract-types-only',
      severity: 'error',
      comment: 'src/domain may name the contract\'s types, never run its code.',
      from: { path: '^src/domain/', pathNot: '\\.test\\.ts$' },
      to: { path: '^src/api/contract/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'api-knows-no-store',
      severity: 'error',
      comment: 'The API client, the requests and the contract import no store, feature or component: the stores make the page\'s client (src/stores/api.ts) and pass it to the requests.',
      from: { path: '^src/api/' },
      to: { path: '^src/(stores|features|components|scripts|layouts|pages)/' },
    },
    {
      name: 'contract-is-wire-only',
      severity: 'error',
      comment: 'The wire contract is imported by the server too: it depends on src/domain and itself only.',
      from: { path: '^src/api/contract/' },
      to: { path: '^src/(?!api/contract/|domain/)' },
    },
    {
      name: 'stores-are-app-wide',
      severity: 'error',
      comment: 'App-wide stores know no feature and no component.',
      from: { path: '^src/stores/' },
      to: { path: '^src/(features|components|pages|layouts)/' },
    },
    {
      name: 'ui-is-shared',
      severity: 'error',
      comment: 'Shared primitives know no feature.',
      from: { path: '^src/components/ui/' },
      to: { path: '^src/features/' },
    },
    {
      name: 'server-meets-browser-in-contract',
      severity: 'error',
      comment:
        'The server imports from src/ the wire contract, the pure rules and the build-time message catalogue (src/i18n/index.ts, server.ts, i18next.ts: translations of api.* messages); never browser code.',
      from: { path: '^server/' },
      to: { path: '^src/', pathNot: '^src/(api/contract|domain)/|^src/i18n/(index|server|i18next)\\.ts$' },
    },
    {
      name: 'browser-not-server',
      severity: 'error',
      comment: 'Code under src/ never imports the server.',
      from: { path: '^src/' },
      to: { path: '^server/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|\\.astro)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'] },
  },
};
