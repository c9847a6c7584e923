// swagger-ui-dist ships no types; this is its one function the API calls (server/openapi/assets.ts).
declare module 'swagger-ui-dist/absolute-path.js' {
  /** The folder of the package's files. */
  export default function getAbsoluteFSPath(): string;
}
