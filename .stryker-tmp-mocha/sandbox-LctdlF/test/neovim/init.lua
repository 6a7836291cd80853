-- Neovim (0.7.2+) as a second, independent LSP client for the Ranklens language server.
-- Run: nvim --headless -n -i NONE -u test/neovim/init.lua FILE
-- Environment:
--   RANKLENS_SERVER_CMD  JSON array, the server command (e.g. ["node","dist/server.js","--stdio"])
--   RANKLENS_OUT         where to write the JSON results
--   RANKLENS_HOVERS      JSON array of {line, character} (0-based) to request hovers at
--   RANKLENS_TIMEOUT_MS  how long to wait for each step (default 20000)
--   RANKLENS_WAIT_DIAGNOSTICS  "0" to not wait for a first diagnostic (a file expected to be clean)
-- Writes {initialized, diagnostics, codeLens, hovers, codeActions, errors, serverName} and quits.

local out_path = os.getenv('RANKLENS_OUT')
local timeout = tonumber(os.getenv('RANKLENS_TIMEOUT_MS') or '') or 20000
local result = { errors = {}, diagnostics = {}, codeLens = {}, hovers = {}, codeActions = {} }

local function add_error(msg)
  table.insert(result.errors, tostring(msg))
end

local function finish()
  local ok, encoded = pcall(vim.fn.json_encode, result)
  if not ok then
    encoded = vim.fn.json_encode({ errors = { 'json_encode failed: ' .. tostring(encoded) } })
  end
  local f = assert(io.open(out_path, 'w'))
  f:write(encoded)
  f:close()
  vim.cmd('qall!')
end

local function main()
  local cmd = vim.fn.json_decode(os.getenv('RANKLENS_SERVER_CMD'))
  local hovers = vim.fn.json_decode(os.getenv('RANKLENS_HOVERS') or '[]')
  local buf = vim.api.nvim_get_current_buf()
  local fname = vim.api.nvim_buf_get_name(buf)

  local client_id = vim.lsp.start_client({
    name = 'ranklens',
    cmd = cmd,
    root_dir = vim.fn.fnamemodify(fname, ':h'),
    on_exit = function(code, signal)
      if code ~= 0 then add_error('server exited with ' .. tostring(code) .. '/' .. tostring(signal)) end
    end,
  })
  if not client_id then
    add_error('start_client failed')
    return
  end
  vim.lsp.buf_attach_client(buf, client_id)

  local initialized = vim.wait(timeout, function()
    local c = vim.lsp.get_client_by_id(client_id)
    return c ~= nil and c.initialized == true
  end, 20)
  result.initialized = initialized
  local client = vim.lsp.get_client_by_id(client_id)
  if client and client.server_capabilities then
    result.capabilities = {
      hover = client.server_capabilities.hoverProvider and true or false,
      codeLens = client.server_capabilities.codeLensProvider and true or false,
      codeAction = client.server_capabilities.codeActionProvider and true or false,
    }
  end
  if not initialized then
    add_error('server did not initialize within ' .. timeout .. ' ms')
    return
  end

  -- Diagnostics are pushed after didOpen.
  if os.getenv('RANKLENS_WAIT_DIAGNOSTICS') ~= '0' then
    result.diagnosticsArrived = vim.wait(timeout, function() return #vim.diagnostic.get(buf) > 0 end, 20)
  end
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    local lsp = (d.user_data and d.user_data.lsp) or {}
    table.insert(result.diagnostics, {
      line = d.lnum, col = d.col, end_line = d.end_lnum, end_col = d.end_col,
      severity = d.severity, message = d.message, source = d.source,
      code = d.code or lsp.code,
    })
  end

  local uri = vim.uri_from_bufnr(buf)

  -- Code lenses, resolved when the server leaves the command out.
  local lens_resp, err = vim.lsp.buf_request_sync(buf, 'textDocument/codeLens', { textDocument = { uri = uri } }, timeout)
  if not lens_resp then add_error('codeLens: ' .. tostring(err)) end
  for _, r in pairs(lens_resp or {}) do
    if r.err then add_error('codeLens: ' .. vim.inspect(r.err)) end
    for _, lens in ipairs(r.result or {}) do
      if lens.command == nil then
        local res = vim.lsp.buf_request_sync(buf, 'codeLens/resolve', lens, timeout)
        for _, rr in pairs(res or {}) do
          if rr.result then lens = rr.result end
        end
      end
      table.insert(result.codeLens, {
        line = lens.range.start.line,
        title = lens.command and lens.command.title or vim.NIL,
        command = lens.command and lens.command.command or vim.NIL,
      })
    end
  end

  -- Hovers at the requested positions.
  for _, pos in ipairs(hovers) do
    local res = vim.lsp.buf_request_sync(buf, 'textDocument/hover',
      { textDocument = { uri = uri }, position = { line = pos.line, character = pos.character } }, timeout)
    local text = vim.NIL
    for _, r in pairs(res or {}) do
      if r.err then add_error('hover: ' .. vim.inspect(r.err)) end
      if r.result and r.result.contents then
        local lines = vim.lsp.util.convert_input_to_markdown_lines(r.result.contents)
        text = table.concat(lines, '\n')
      end
    end
    table.insert(result.hovers, { line = pos.line, character = pos.character, text = text })
  end

  -- Code actions at each diagnostic, asked the way Neovim's own vim.lsp.buf.code_action() asks:
  -- the range of the diagnostic, and the line's diagnostics in LSP form (with their data) as context.
  for _, d in ipairs(result.diagnostics) do
    local range = { start = { line = d.line, character = d.col }, ['end'] = { line = d.end_line, character = d.end_col } }
    local context = { diagnostics = vim.lsp.diagnostic.get_line_diagnostics(buf, d.line) }
    local res = vim.lsp.buf_request_sync(buf, 'textDocument/codeAction',
      { textDocument = { uri = uri }, range = range, context = context }, timeout)
    for _, r in pairs(res or {}) do
      if r.err then add_error('codeAction: ' .. vim.inspect(r.err)) end
      for _, a in ipairs(r.result or {}) do
        table.insert(result.codeActions, {
          line = d.line, title = a.title, kind = a.kind or vim.NIL, diagnostic_code = d.code,
          edit = a.edit or vim.NIL,
        })
      end
    end
  end

  result.serverName = client.name
  client.stop()
  vim.wait(2000, function() return vim.lsp.get_client_by_id(client_id) == nil end, 20)
end

-- Run once the file named on the command line is loaded.
vim.api.nvim_create_autocmd('VimEnter', {
  once = true,
  callback = function()
    local ok, err = xpcall(main, debug.traceback)
    if not ok then add_error(err) end
    finish()
  end,
})
