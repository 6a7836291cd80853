/**
 * The npm package as a user installs it: `npm pack`, then `npm install --omit=dev` of the tarball in
 * an empty folder, then `npx ranklens` and `npx ranklens-language-server --stdio` from there. The
 * bundles carry their dependencies, so the install pulls nothing else.
 */
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tempFiles } from './ranklens';

const repoRoot = resolve(__dirname, '../../..');
const version: string = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).version;

function npm(args: string[], cwd: string): string {
  const r = spawnSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd, encoding: 'utf8', shell: false });
  assert.equal(r.status, 0, `npm ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

/** The Content-Length framed answer to one LSP request written to the server's stdin. */
function lspAnswer(
  cwd: string,
  request: object,
): Promise<{ id: number; result: { capabilities: object; serverInfo: { name: string; version: string } } }> {
  return new Promise((resolvePromise, reject) => {
    const server = spawn('npx', ['--no-install', 'ranklens-language-server', '--stdio'], { cwd, stdio: ['pipe', 'pipe', 'inherit'] });
    let buffer = '';
    const timer = setTimeout(() => {
      server.kill();
      reject(new Error(`no answer: ${buffer}`));
    }, 20_000);
    server.stdout.setEncoding('utf8');
    server.stdout.on('data', (chunk: string) => {
      buffer += chunk;
      const m = /Content-Length: (\d+)\r\n\r\n/.exec(buffer);
      if (!m) return;
      const body = buffer.slice(m.index + m[0].length);
      if (Buffer.byteLength(body) < Number(m[1])) return;
      clearTimeout(timer);
      server.kill();
      resolvePromise(JSON.parse(body));
    });
    const text = JSON.stringify(request);
    server.stdin.write(`Content-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`);
  });
}

describe('the npm package', () => {
  const work = tempFiles({
    'project/package.json': '{ "name": "uses-ranklens", "version": "1.0.0", "private": true }\n',
    'project/fixtures/one.rank.yaml':
      'k: [2]\nmetrics: [P@k, nDCG@k]\ncases:\n  q1:\n    labels: [a, c]\n    predictions: [a, b, c]\n    expect: { P@2: 0.5 }\n',
  });
  const project = join(work, 'project');

  before(() => {
    npm(['pack', '--pack-destination', work], repoRoot);
    npm(['install', '--omit=dev', join(work, `ranklens-${version}.tgz`)], project);
  });

  it('installs alone: the tarball brings no other package', () => {
    assert.deepEqual(
      readdirSync(join(project, 'node_modules')).filter((n) => !n.startsWith('.')),
      ['ranklens'],
    );
    assert.deepEqual(readdirSync(join(project, 'node_modules', 'ranklens')).sort(), [
      'CHANGELOG.md',
      'LICENSE',
      'README.md',
      'dist',
      'package.json',
      'schemas',
    ]);
  });

  it('runs `npx ranklens check` on a fixture and prints its metrics', () => {
    const r = spawnSync('npx', ['--no-install', 'ranklens', 'check', 'fixtures'], { cwd: project, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stdout + r.stderr);
    // P@2 = 1/2. nDCG@2 under trec_eval's convention, the default: DCG = 1 (a at rank 1), the ideal from
    // both labels 1 + 1/log2 3, so nDCG@2 = 1 / 1.631 = 0.613 (seed 000's ideal from the top 2 would give 1).
    assert.match(r.stdout, /^q1\s+0\.500\s+0\.613$/m);
  });

  it('prints the package version', () => {
    const r = spawnSync('npx', ['--no-install', 'ranklens', '--version'], { cwd: project, encoding: 'utf8' });
    assert.equal(r.stdout.trim(), version);
  });

  it('answers an LSP initialize from `npx ranklens-language-server --stdio`', async () => {
    const answer = await lspAnswer(project, {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { processId: null, rootUri: null, capabilities: {} },
    });
    assert.equal(answer.id, 1);
    assert.deepEqual(answer.result.serverInfo, { name: 'ranklens', version });
    assert.ok('codeLensProvider' in answer.result.capabilities);
  });
});
