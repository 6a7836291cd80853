/**
 * The project config nearest a file on disk (ranklens.config.json, package.json's `ranklens`), read
 * once per folder: the Node server's, through platform.ts (a web worker has no file system and reads none).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { findProjectConfig, FoundConfig } from '../shared/evaluation';

const configs = new Map<string, FoundConfig | undefined>();

/** The project config nearest a file: URI, read once per folder; undefined for other schemes. */
export function projectConfigFor(uri: string): FoundConfig | undefined {
  if (!uri.startsWith('file:')) return undefined;
  let path: string;
  try {
    path = fileURLToPath(uri);
  } catch {
    return undefined;
  }
  const dir = path.replace(/[\\/][^\\/]*$/, '');
  if (!configs.has(dir)) {
    configs.set(
      dir,
      findProjectConfig(path, (p) => {
        try {
          return readFileSync(p, 'utf8');
        } catch {
          return undefined;
        }
      }),
    );
  }
  return configs.get(dir);
}

/** A config file changed: read them again when next needed. */
export function forgetProjectConfigs(): void {
  configs.clear();
}
