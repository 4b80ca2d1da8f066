// Part of `npm run lint`: fails when the code of the contract, the API or the web app imports itself in a circle,
// file by file, types included (a cycle of values makes a file run before what it imports is ready; one of types
// still means neither file can be read without the other), or when two API modules depend on each other in any way
// (modules form a tree, so each can be understood and tested from its leaves up). Walking the graph here is quick;
// ESLint's import-x/no-cycle re-resolves it per file and is far slower.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sourceDirs = ['packages/contract/src', 'apps/api/src', 'apps/web/src'];
/** Our own package names, resolved to their source entry. */
const packages: Record<string, string> = { '@coffee/contract': path.join(root, 'packages/contract/src/index.ts') };

function listSources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return listSources(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The file a specifier names, as TypeScript resolves it here: `./x.js` is x.ts, `./x` is x.ts, x.tsx or x/index.ts. */
function resolve(from: string, specifier: string): string | undefined {
  if (specifier in packages) return packages[specifier];
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier);
  const stem = base.replace(/\.(js|jsx|mjs)$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')];
  return candidates.find((candidate) => /\.tsx?$/.test(candidate) && fs.existsSync(candidate) && fs.statSync(candidate).isFile());
}

/** Static imports and re-exports (`import type` included), import() calls and `import('x').T` types. */
function importsOf(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteral(argument)) found.push(argument.text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const modulesDir = path.join(root, 'apps/api/src/modules');
/** The API module a file belongs to ('apps/api/src/modules/cart'), or undefined outside the modules and for tests. */
function apiModuleOf(file: string): string | undefined {
  const relative = path.relative(modulesDir, file);
  if (relative.startsWith('..') || /\.test\.tsx?$/.test(file)) return undefined;
  const [name] = relative.split(path.sep);
  return name && relative.includes(path.sep) ? path.join(modulesDir, name) : undefined;
}

/** File -> files it imports, values or types. */
const graph = new Map<string, string[]>();
/** API module -> API modules it imports anything from. */
const moduleGraph = new Map<string, string[]>();
for (const file of sourceDirs.flatMap((dir) => listSources(path.join(root, dir)))) {
  const resolved = importsOf(file).flatMap((specifier) => resolve(file, specifier) ?? []);
  graph.set(file, [...new Set(resolved)]);
  const from = apiModuleOf(file);
  if (from) {
    const targets = resolved.map((target) => apiModuleOf(target)).filter((to): to is string => to !== undefined && to !== from);
    moduleGraph.set(from, [...new Set([...(moduleGraph.get(from) ?? []), ...targets])]);
  }
}

/** Tarjan's strongly connected components: every node of a component reaches every other one. */
function components(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const result: string[][] = [];
  let next = 0;
  const connect = (file: string) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        connect(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      result.push(component);
    }
  };
  for (const file of graph.keys()) if (!index.has(file)) connect(file);
  return result.filter((component) => component.length > 1 || (graph.get(component[0]!) ?? []).includes(component[0]!));
}

/** One shortest way round a component, from its first node back to it, to show in the report. */
function shortestCycle(graph: Map<string, string[]>, component: string[]): string[] {
  const members = new Set(component);
  const start = [...component].sort()[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const target of graph.get(file) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const cycle = [file];
        while (cycle[0] !== start) cycle.unshift(previous.get(cycle[0]!)!);
        return [...cycle, start];
      }
      if (!previous.has(target)) {
        previous.set(target, file);
        queue.push(target);
      }
    }
  }
  return [start, start];
}

let failed = false;
const report = (graph: Map<string, string[]>, what: string) => {
  const cycles = components(graph);
  if (cycles.length === 0) return;
  failed = true;
  console.error(`${what} (${cycles.length}): break each by moving what both sides need into a module both import.`);
  for (const component of cycles) {
    const shown = shortestCycle(graph, component).map((node) => path.relative(root, node));
    const more = component.length > shown.length - 1 ? `\n  (${component.length} take part)` : '';
    console.error(`\n  ${shown.join('\n    -> ')}${more}\n`);
  }
};
report(graph, 'Import cycles between files');
report(moduleGraph, 'API modules that depend on each other');
if (failed) process.exit(1);
console.log(`No import cycles among ${graph.size} files and ${moduleGraph.size} API modules.`);
