-- The skeletond process, run by Neovim's built-in LSP client (0.7 API: vim.lsp.start_client).
-- One daemon serves every skeleton buffer; documents are told apart by uri.
local config = require('skeleton.config')
local util = require('skeleton.util')

local M = {}

local client_id = nil
-- Handlers for server notifications, filled in by other modules (preview/frame, ...).
M.handlers = {}
-- Functions called when the daemon exits.
local exit_listeners = {}

function M.on_exit(fn)
  table.insert(exit_listeners, fn)
end

function M.is_skeleton_buffer(bufnr)
  if not vim.api.nvim_buf_is_valid(bufnr) or vim.bo[bufnr].buftype ~= '' then
    return false
  end
  local name = vim.api.nvim_buf_get_name(bufnr)
  if name == '' then
    return false
  end
  for _, pattern in ipairs(config.get().patterns) do
    if name:match(pattern) then
      return true
    end
  end
  return false
end

function M.get()
  if client_id then
    local c = vim.lsp.get_client_by_id(client_id)
    if c and not c.is_stopped() then
      return c
    end
    client_id = nil
  end
  return nil
end

local warned = {} -- programs already reported as missing (report once, not on every BufEnter)

-- What marks an app's folder, nearest first: an Xcode project or workspace, a Swift package, a git checkout.
M.root_markers = { '*.xcodeproj', '*.xcworkspace', 'Package.swift', '.git' }

-- The app's folder for a file: the nearest folder above it (or its own) that holds one of M.root_markers,
-- else the current directory. The daemon reads it as its workspace (every Swift file, storyboard, XIB and
-- colour set under it), so a storyboard links with the Swift files that name its classes, open or not.
function M.root_dir(path)
  local dir = (path and path ~= '') and vim.fn.fnamemodify(path, ':p:h') or vim.loop.cwd()
  while dir and dir ~= '' do
    for _, marker in ipairs(M.root_markers) do
      if vim.fn.glob(dir .. '/' .. marker, true, true)[1] ~= nil then
        return dir
      end
    end
    local parent = vim.fn.fnamemodify(dir, ':h')
    if parent == dir then
      break
    end
    dir = parent
  end
  return vim.loop.cwd()
end

local function start(bufnr)
  local opts = config.get()
  local cmd = opts.cmd
  if type(cmd) ~= 'table' or #cmd == 0 then
    util.error('setup{ cmd = ... } must be a list such as { "skeletond" }')
    return nil
  end
  if vim.fn.executable(cmd[1]) ~= 1 then
    if warned[cmd[1]] then
      return nil
    end
    warned[cmd[1]] = true
    -- A warning after the autocommand that attached the buffer has run: an error raised inside it would be
    -- "Error detected while processing FileType Autocommands" and a hit-enter prompt, on every skeleton file.
    local what = cmd[1] == 'skeletond' and 'no skeletond on PATH' or ('`' .. cmd[1] .. '` is not executable')
    vim.schedule(function()
      -- One line that fits the command line (a longer one would wait for Enter).
      local full = what .. ': scripts/demo builds .build/release/skeletond; put it on PATH or in setup{cmd}'
      local short = what .. ': build it with scripts/demo, then setup{cmd}'
      util.warn(#full + 12 < vim.v.echospace and full or short)
    end)
    return nil
  end
  local handlers = {}
  for method, fn in pairs(M.handlers) do
    handlers[method] = fn
  end
  local ok, id = pcall(vim.lsp.start_client, {
    name = 'skeletond',
    cmd = cmd,
    root_dir = M.root_dir(bufnr and vim.api.nvim_buf_get_name(bufnr) or nil),
    init_options = opts.init_options,
    handlers = handlers,
    flags = { debounce_text_changes = opts.debounce_text_changes },
    on_attach = function(client, bufnr)
      -- Neovim 0.7 leaves 'omnifunc' to the client: <C-x><C-o> completes member names, values and templates.
      vim.api.nvim_buf_set_option(bufnr, 'omnifunc', 'v:lua.vim.lsp.omnifunc')
      -- Inlay hints, colours and folding, which the 0.7 client does not show itself.
      require('skeleton.decorations').attach(bufnr)
      local user = config.get().on_attach
      if type(user) == 'function' then
        local ok, err = pcall(user, client, bufnr)
        if not ok then
          util.error('setup{ on_attach } failed: ' .. tostring(err))
        end
      end
    end,
    on_exit = function(code, signal, id)
      if id ~= nil and id ~= client_id then
        return
      end
      client_id = nil
      vim.schedule(function()
        for _, fn in ipairs(exit_listeners) do
          pcall(fn)
        end
        if code ~= 0 or (signal and signal ~= 0 and signal ~= 15) then
          util.error(string.format('skeletond exited (code %s, signal %s); it restarts when you enter a skeleton buffer', tostring(code), tostring(signal)))
        end
      end)
    end,
  })
  if not ok or not id then
    util.error('cannot start skeletond: ' .. tostring(id))
    return nil
  end
  client_id = id
  return id
end

-- Attaches the buffer to the daemon (starting it if needed). Returns the client id, or nil and why.
function M.attach(bufnr)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  if not M.is_skeleton_buffer(bufnr) then
    return nil, 'not a skeleton document: ' .. vim.api.nvim_buf_get_name(bufnr)
  end
  local id = M.get() and client_id or start(bufnr)
  if not id then
    return nil, 'skeletond is not running (see the notice above, or :SkeletonRestart)'
  end
  if not vim.lsp.buf_is_attached(bufnr, id) then
    vim.lsp.buf_attach_client(bufnr, id)
  end
  return id
end

-- Calls fn(client) once the daemon is initialized and the buffer is attached (so its didOpen went first).
function M.when_ready(bufnr, fn, timeout_ms)
  local id, why = M.attach(bufnr)
  if not id then
    util.error(why)
    return
  end
  local deadline = vim.loop.now() + (timeout_ms or 10000)
  local function poll()
    local c = vim.lsp.get_client_by_id(id)
    if not c or c.is_stopped() then
      util.error('skeletond is not running')
      return
    end
    if c.initialized and vim.lsp.buf_is_attached(bufnr, id) then
      fn(c)
      return
    end
    if vim.loop.now() > deadline then
      util.error('skeletond did not initialize in time')
      return
    end
    vim.defer_fn(poll, 20)
  end
  poll()
end

function M.uri(bufnr)
  return vim.uri_from_bufnr(bufnr)
end

-- The scene of a storyboard or XIB the commands and the preview are about (:SkeletonScene), nil for the
-- initial scene.
function M.scene(bufnr)
  local ok, scene = pcall(vim.api.nvim_buf_get_var, bufnr, 'skeleton_scene')
  if ok and type(scene) == 'string' and scene ~= '' then
    return scene
  end
  return nil
end

-- {uri, scene?}: what every request about a buffer's document starts with.
function M.target(bufnr)
  return { uri = M.uri(bufnr), scene = M.scene(bufnr) }
end

-- Tells the daemon a file of the workspace changed on disk (written from Neovim, which watches no files).
function M.file_written(path)
  if M.get() then
    M.notify('workspace/didChangeWatchedFiles', { changes = { { uri = vim.uri_from_fname(path), type = 2 } } })
  end
end

-- Sends a request about a buffer's document; on_result(result) runs on success, errors are reported
-- (or passed to on_error(err) when given).
function M.request(bufnr, method, params, on_result, on_error)
  M.when_ready(bufnr, function(c)
    local ok = c.request(method, params, function(err, result)
      if err then
        if on_error then
          on_error(err)
        else
          util.error(method .. ': ' .. util.format_error(err))
        end
        return
      end
      if on_result then
        on_result(result)
      end
    end, bufnr)
    if not ok then
      util.error(method .. ': the daemon is not running')
    end
  end)
end

function M.notify(method, params)
  local c = M.get()
  if c then
    c.notify(method, params)
  end
end

function M.stop()
  local c = M.get()
  if c then
    c.stop()
  end
  client_id = nil
end

return M
