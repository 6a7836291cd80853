/**
 * Import this first in a test that loads server/service.ts. server/platform.ts creates the LSP
 * connection when it loads, which needs a client on stdio or IPC; a test process has none. This puts
 * in its place, in Node's module cache, a platform with the same files and project configs (the real
 * nodeFiles and projectConfigs modules) and no connection. Only the connection is missing, and the
 * modules under test never touch it.
 */
import { forgetProjectConfigs, projectConfigFor } from '../../server/projectConfigs';
import { nodeFiles } from '../../server/nodeFiles';

const path = require.resolve('../../server/platform');
if (!require.cache[path]) {
  const stub = new (require('node:module') as { new (id: string): NodeJS.Module })(path);
  stub.filename = path;
  stub.loaded = true;
  stub.exports = {
    connection: undefined,
    workspaceFiles: () => nodeFiles,
    projectConfigFor,
    forgetProjectConfigs,
  };
  require.cache[path] = stub;
}
