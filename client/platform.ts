/** The desktop client: the server runs as a Node process over IPC, for fixture files on disk. */
import * as vscode from 'vscode';
import { BaseLanguageClient, LanguageClientOptions } from 'vscode-languageclient';
import { LanguageClient, ServerOptions, TransportKind } from 'vscode-languageclient/node';
import { spawn } from 'node:child_process';

/** The URI schemes whose documents the server reads: files (a web workspace has others). */
export const DOCUMENT_SCHEMES: readonly string[] = ['file'];

/** A language client for the bundled Node server. */
export function newClient(context: vscode.ExtensionContext, options: LanguageClientOptions): BaseLanguageClient {
  const module = context.asAbsolutePath('dist/server.js');
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6009'] } },
  };
  return new LanguageClient('ranklens', 'Ranklens', serverOptions, options);
}

/**
 * Runs the bundled command (dist/cli.js) with `args` in this extension host's Node (Electron's, as
 * Node: ELECTRON_RUN_AS_NODE); resolves with its stdout and stderr, whatever its exit code.
 */
export function runCli(
  context: vscode.ExtensionContext,
  args: readonly string[],
): Promise<{ stdout: string; stderr: string; code: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [context.asAbsolutePath('dist/cli.js'), ...args], {
      env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({ stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8'), code }),
    );
  });
}
