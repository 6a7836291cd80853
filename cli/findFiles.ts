/**
 * The fixture files named on a command line: files as given, folders searched recursively for
 * fixture names (*.rank.json, *.rank.yaml, *.rank.yml), and globs with *, ** and ? (Node 20 has
 * no fs.glob, and a dependency is not worth three wildcards).
 */
import { fixtureLanguage, FixtureLanguage, globToRegExp } from '../shared/fixture';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { UsageError } from './usage';

export interface FixtureFile {
  path: string;
  language: FixtureLanguage;
}

const SKIPPED_FOLDERS = new Set(['node_modules', 'out', 'dist']);

/** Every fixture file the arguments name, each once, in the order found (folders sorted). */
export function findFiles(args: readonly string[]): FixtureFile[] {
  const found = new Map<string, FixtureLanguage>();
  for (const arg of args) {
    const files = filesFor(arg);
    if (files.length === 0) throw new UsageError(`No fixture file in ${arg}.`);
    for (const f of files) if (!found.has(f.path)) found.set(f.path, f.language);
  }
  return [...found].map(([path, language]) => ({ path, language }));
}

function filesFor(arg: string): FixtureFile[] {
  if (existsSync(arg)) {
    if (statSync(arg).isDirectory()) return walk(arg).flatMap((path) => fixture(path, false));
    const file = fixture(arg, true);
    if (file.length === 0) throw new UsageError(`${arg} is not a fixture file (.json, .jsonc, .yaml or .yml).`);
    return file;
  }
  if (!/[*?]/.test(arg)) throw new UsageError(`Cannot read ${arg}: no such file or folder.`);
  const { base, pattern } = splitGlob(arg);
  if (!existsSync(base)) return [];
  const re = globToRegExp(pattern);
  return walk(base)
    .filter((path) => re.test(toSlashes(relative(base, path))))
    .flatMap((path) => fixture(path, true));
}

// A file named outright (or by a glob) counts when its extension is a fixture syntax; in a folder it
// must also have a fixture name, so that package.json and CI files are not read as fixtures.
function fixture(path: string, named: boolean): FixtureFile[] {
  const language = fixtureLanguage(path, named ? ['*'] : []);
  return language ? [{ path, language }] : [];
}

/** Files under a folder, depth first, names sorted; dot folders and build output are skipped. */
function walk(dir: string): string[] {
  const out: string[] = [];
  const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const e of entries) {
    const path = join(dir, e.name);
    if (e.isDirectory()) {
      if (!e.name.startsWith('.') && !SKIPPED_FOLDERS.has(e.name)) out.push(...walk(path));
    } else if (e.isFile()) out.push(path);
  }
  return out;
}

/** The folder before the first wildcard, and the rest of the glob relative to it. */
export function splitGlob(glob: string): { base: string; pattern: string } {
  const parts = toSlashes(glob).split('/');
  const first = parts.findIndex((p) => /[*?]/.test(p));
  const baseParts = parts.slice(0, first);
  const base = baseParts.length === 0 ? '.' : baseParts.join('/') || '/';
  return { base, pattern: parts.slice(first).join('/') };
}

function toSlashes(path: string): string {
  return sep === '/' ? path : path.split(sep).join('/');
}
