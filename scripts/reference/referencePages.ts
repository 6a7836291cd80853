/**
 * The pages of docs/reference/, each made from the declarations it documents. `npm run docs:reference`
 * writes them (main.ts); test/docs/referenceDocs.test.ts makes them again and fails while a checked-in
 * page differs.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { conventionsPage } from './conventionsPage';
import { findingsPage } from './findingsPage';
import { jsonReportPage } from './jsonReportPage';
import { measuresPage } from './measuresPage';
import { reportSchema } from './reportSchema';
import { PackageJson, settingsPage } from './settingsPage';

export interface ReferencePage {
  /** The page's path from the repository's root, with forward slashes. */
  path: string;
  text: string;
}

/** The repository's root, from out/scripts/reference/ where this file runs once compiled. */
export const REPO_ROOT = join(__dirname, '..', '..', '..');

function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(join(REPO_ROOT, path), 'utf8')) as T;
}

/** Every reference page, made now. */
export async function referencePages(): Promise<ReferencePage[]> {
  const pkg = readJson<PackageJson>('package.json');
  const config = readJson<Parameters<typeof settingsPage>[1]>('schemas/ranklens-config.schema.json');
  return [
    { path: 'docs/reference/findings.md', text: findingsPage() },
    { path: 'docs/reference/conventions.md', text: conventionsPage() },
    { path: 'docs/reference/measures.md', text: measuresPage() },
    { path: 'docs/reference/settings.md', text: settingsPage(pkg, config) },
    { path: 'docs/reference/json-report.md', text: await jsonReportPage(reportSchema()) },
  ];
}
