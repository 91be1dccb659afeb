/**
 * The service's own imports as TypeScript resolves them (a path that climbs out and back in counts as the file it
 * lands on), for the tests that guard its shape: import-cycles.test.ts and capability-imports.test.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const source = join(root, 'server/src');
export const INFRASTRUCTURE = ['db', 'http', 'security', 'i18n', 'mail'];

/** The service's product files (tests left out). */
export function sourceFiles(folder = source): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const config = () =>
  ts.getParsedCommandLineOfConfigFile(
    join(root, 'server/tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  )!;

/** The service file `specifier` resolves to from `file`; undefined for a package or a file outside server/src. */
export function resolver(): (specifier: string, file: string) => string | undefined {
  const { options } = config();
  return (specifier, file) => {
    const resolved = ts.resolveModuleName(specifier, file, options, ts.sys).resolvedModule;
    if (!resolved || resolved.isExternalLibraryImport) return undefined;
    return relative(source, resolved.resolvedFileName).startsWith('..') ? undefined : resolved.resolvedFileName;
  };
}

/** Each service file with the service files it imports (`import type` and `export ... from` included). */
export function importGraph(): Map<string, string[]> {
  const resolve = resolver();
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles()) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles.map((imported) => resolve(imported.fileName, file)).filter((t) => t !== undefined);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The module specifiers of `file` whose import runs: not `import type`, and naming at least one value. */
export function runtimeImports(file: string): string[] {
  const sourceFile = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  return sourceFile.statements.flatMap((statement) => {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      const bindings = clause?.namedBindings;
      const onlyTypes =
        clause?.isTypeOnly ||
        (clause &&
          !clause.name &&
          bindings &&
          ts.isNamedImports(bindings) &&
          bindings.elements.every((e) => e.isTypeOnly));
      return onlyTypes ? [] : [(statement.moduleSpecifier as ts.StringLiteral).text];
    }
    if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly)
      return [(statement.moduleSpecifier as ts.StringLiteral).text];
    return [];
  });
}
