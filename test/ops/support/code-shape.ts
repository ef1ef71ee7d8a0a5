import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { packageRoot } from '../../../src/paths.js';

/*
 * Two measures of the code's shape read with the TypeScript compiler's parser: the functions
 * long enough to hide more than one job, and the exports nothing else uses. Both read the
 * source text only, so they take a second, not a type check.
 */

export interface LongFunction {
  file: string;
  name: string;
  lines: number;
}

/**
 * A folder of output a test writes and removes while the others run (openapi-client.test.ts's
 * generated types): walking it raced with its removal, and failed the measure now and then.
 */
const GENERATED = 'generated';

/** The .ts files under `folders` (relative to the package root), as paths from the root. */
export function sourceFiles(folders: readonly string[]): string[] {
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(join(packageRoot, folder), { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== GENERATED) walk(path);
      } else if (entry.name.endsWith('.ts')) found.push(path);
    }
  };
  for (const folder of folders) walk(folder);
  return found.sort();
}

function parse(file: string): ts.SourceFile {
  const text = readFileSync(join(packageRoot, file), 'utf8');
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
}

function nameOf(node: ts.Node): string {
  if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name !== undefined) {
    return node.name.getText();
  }
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) {
    return parent.name.getText();
  }
  return '(anonymous)';
}

/** Every function, method and arrow function of `files` whose body spans more than `over` lines. */
export function longFunctions(files: readonly string[], over: number): LongFunction[] {
  const long: LongFunction[] = [];
  for (const file of files) {
    const source = parse(file);
    const visit = (node: ts.Node) => {
      if (ts.isFunctionLike(node) && 'body' in node && node.body !== undefined) {
        const body = node.body as ts.Node;
        const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
        const last = source.getLineAndCharacterOfPosition(body.getEnd()).line;
        const lines = last - first + 1;
        if (lines > over) long.push({ file, name: nameOf(node), lines });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return long.sort((a, b) => b.lines - a.lines);
}

/** The names `file` exports by declaration (`export function f`, `export const c`, …). */
function exportedNames(source: ts.SourceFile): string[] {
  const names: string[] = [];
  for (const statement of source.statements) {
    const exported = ts.canHaveModifiers(statement)
      ? ts.getModifiers(statement)?.some((each) => each.kind === ts.SyntaxKind.ExportKeyword)
      : false;
    if (!exported) continue;
    if (ts.isVariableStatement(statement)) {
      for (const each of statement.declarationList.declarations) {
        if (ts.isIdentifier(each.name)) names.push(each.name.text);
        else for (const element of each.name.elements) names.push(element.getText());
      }
    } else if (
      (ts.isFunctionDeclaration(statement) ||
        ts.isClassDeclaration(statement) ||
        ts.isInterfaceDeclaration(statement) ||
        ts.isTypeAliasDeclaration(statement) ||
        ts.isEnumDeclaration(statement)) &&
      statement.name !== undefined
    ) {
      names.push(statement.name.getText());
    }
  }
  return names;
}

/**
 * The exports of `files` that no other file of `readers` names: a name used only in its own file
 * need not be exported, and one used nowhere need not exist. Read as words, so a name that
 * another file merely mentions counts as used: the measure can miss an unused export, never
 * report a used one.
 */
export function unusedExports(
  files: readonly string[],
  readers: readonly string[],
): { file: string; name: string }[] {
  const texts = new Map(
    readers.map((file) => [file, readFileSync(join(packageRoot, file), 'utf8')]),
  );
  const unused: { file: string; name: string }[] = [];
  for (const file of files) {
    for (const name of exportedNames(parse(file))) {
      const word = new RegExp(`\\b${name}\\b`);
      const used = [...texts].some(([reader, text]) => reader !== file && word.test(text));
      if (!used) unused.push({ file: relative('.', file), name });
    }
  }
  return unused;
}
