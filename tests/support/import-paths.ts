// Where an import specifier points, as a path from the project root: relative ones from the
// importing file, names ('~/stores/cart', '~server/config') through tsconfig.json's "paths", the
// table Astro, Vite, Vitest, tsx, esbuild and dependency-cruiser read too. A package's name is
// returned as it is. The architecture tests check imports with it, so an import by name cannot
// slip past a rule that a relative one would break.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { projectRoot } from '~server/db/client';

/** tsconfig.json's "paths" as [prefix before '*', target folder from the root]. */
function aliases(): [string, string][] {
  const file = path.join(projectRoot, 'tsconfig.json');
  const { config, error } = ts.parseConfigFileTextToJson(file, readFileSync(file, 'utf8'));
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
  const paths = (config.compilerOptions?.paths ?? {}) as Record<string, string[]>;
  return Object.entries(paths).map(([name, [target]]) => [name.replace(/\*$/, ''), path.posix.normalize(target!.replace(/\*$/, ''))]);
}

const ALIASES = aliases();

/** The file or folder `specifier` names, from the project root ('src/stores/cart'); a package's name unchanged. */
export function importTarget(fromFile: string, specifier: string): string {
  if (specifier.startsWith('.')) return path.relative(projectRoot, path.resolve(path.dirname(fromFile), specifier));
  for (const [prefix, folder] of ALIASES) {
    if (specifier.startsWith(prefix)) return path.posix.join(folder, specifier.slice(prefix.length));
  }
  return specifier;
}
