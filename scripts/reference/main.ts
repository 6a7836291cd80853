/** `npm run docs:reference`: writes every page of docs/reference/ and says which ones changed. */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { REPO_ROOT, referencePages } from './referencePages';

async function writePages(): Promise<void> {
  for (const { path, text } of await referencePages()) {
    const file = join(REPO_ROOT, path);
    const before = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
    if (before === text) continue;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    console.log(`${before === undefined ? 'wrote' : 'updated'} ${path}`);
  }
}

writePages().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
