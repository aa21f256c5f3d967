-- :SkeletonPreview: a floating window showing a document's live preview, drawn from `cells` frames.
--
-- One preview per source buffer. The window keeps the canvas's aspect ratio (half blocks are about square);
-- its size is the subscription's grid, and when the size changes (editor resized, window resized) the
-- preview subscribes again with the new grid. Every applied frame is acknowledged with preview/ack.
local client = require('skeleton.client')
local canvas_mod = require('skeleton.canvas')
local config = require('skeleton.config')
local highlights = require('skeleton.highlights')
local util = require('skeleton.util')

local M = {}

local ns = vim.api.nvim_create_namespace('skeleton_preview')
local previews = {} -- source bufnr -> state
local by_subscription = {} -- subscription id -> state

local MAX_COLUMNS, MAX_ROWS = 1000, 500

local function window_size(state)
  local opts = config.get().preview
  local has_border = opts.border and opts.border ~= 'none' and opts.border ~= ''
  local frame = has_border and 2 or 0
  local editor_columns = vim.o.columns
  local editor_lines = vim.o.lines - vim.o.cmdheight - 1
  local max_width = math.max(4, editor_columns - frame - 1)
  local max_height = math.max(2, editor_lines - frame)
  local width = util.clamp(util.resolve_size(opts.width, editor_columns), 4, math.min(max_width, MAX_COLUMNS))
  local height_limit = util.clamp(util.resolve_size(opts.max_height, editor_lines), 2, math.min(max_height, MAX_ROWS))
  -- A cell is one pixel wide and two tall (half blocks): rows = columns * h / w / 2.
  local aw, ah = state.canvas_width, state.canvas_height
  local height = math.max(1, math.floor(width * ah / aw / 2 + 0.5))
  if height > height_limit then
    height = height_limit
    width = util.clamp(math.floor(height * 2 * aw / ah + 0.5), 4, width)
  end
  return width, height
end

local function window_config(state)
  local width, height = window_size(state)
  local opts = config.get().preview
  return {
    relative = 'editor',
    anchor = 'NE',
    row = 0,
    col = vim.o.columns,
    width = width,
    height = height,
    border = opts.border,
    style = 'minimal',
    focusable = true,
    zindex = 50,
  }
end

local function unsubscribe(subscription)
  by_subscription[subscription] = nil
  local c = client.get()
  if c then
    -- The document may be closed already (which ends its subscriptions): errors do not matter here.
    c.request('preview/unsubscribe', { subscription = subscription }, function() end)
  end
end

-- The daemon refuses a subscription before the document has had valid text once (-32803, or -32602 at
-- /params/uri in skeletond 0.1): the preview then waits and tries again when the document changes.
local function no_valid_tree_yet(err)
  if type(err) ~= 'table' then
    return false
  end
  local pointer = type(err.data) == 'table' and err.data.pointer or nil
  return err.code == -32803 or (err.code == -32602 and pointer == '/params/uri')
end

-- Subscribes with the window's current size (dropping the previous subscription).
local function subscribe(state)
  state.generation = state.generation + 1
  local generation = state.generation
  if state.subscription then
    unsubscribe(state.subscription)
    state.subscription = nil
  end
  if not vim.api.nvim_win_is_valid(state.win) then
    return
  end
  local columns = vim.api.nvim_win_get_width(state.win)
  local rows = vim.api.nvim_win_get_height(state.win)
  state.columns, state.rows = columns, rows
  local opts = config.get().preview
  client.request(state.source, 'preview/subscribe', {
    uri = client.uri(state.source),
    encoding = 'cells',
    cells = { columns = columns, rows = rows },
    maxFps = opts.max_fps,
    window = opts.window,
    scale = opts.scale,
  }, function(result)
    local subscription = result and result.subscription
    if not subscription then
      return
    end
    if state.closed or generation ~= state.generation then
      unsubscribe(subscription)
      return
    end
    state.subscription = subscription
    local c = client.get()
    state.client_id = c and c.id
    by_subscription[subscription] = state
  end, function(err)
    if generation ~= state.generation or state.closed then
      return
    end
    if no_valid_tree_yet(err) then
      state.waiting = true
      state.canvas:message(' waiting for valid text (see the diagnostics)')
    else
      util.error('preview/subscribe: ' .. util.format_error(err))
    end
  end)
end

-- Called when the document changed: a waiting preview tries again (once per burst of changes).
local function retry_when_waiting(state)
  if not state.waiting or state.retry_pending then
    return
  end
  state.retry_pending = true
  vim.defer_fn(function()
    state.retry_pending = false
    if state.waiting and not state.closed then
      state.waiting = false
      subscribe(state)
    end
  end, 150)
end

-- Subscribes again when the window's size is no longer the subscription's grid.
local function follow_size(state)
  if state.closed or not vim.api.nvim_win_is_valid(state.win) then
    return
  end
  local columns = vim.api.nvim_win_get_width(state.win)
  local rows = vim.api.nvim_win_get_height(state.win)
  if columns ~= state.columns or rows ~= state.rows then
    subscribe(state)
  end
end

local function relayout(state)
  if state.closed or not vim.api.nvim_win_is_valid(state.win) then
    return
  end
  vim.api.nvim_win_set_config(state.win, window_config(state))
  follow_size(state)
end

-- Asks the daemon for the canvas size (to keep its aspect ratio); calls done(ok).
local function fetch_canvas_size(state, done)
  client.request(state.source, 'skeleton/layers', { uri = client.uri(state.source) }, function(result)
    if type(result) == 'table' and tonumber(result.width) and tonumber(result.height)
      and result.width > 0 and result.height > 0 then
      state.canvas_width, state.canvas_height = result.width, result.height
      state.size_known = true
    end
    done(state.size_known)
  end, function()
    done(false) -- no valid tree yet: keep the default ratio, ask again when frames come
  end)
end

function M.close(source)
  local state = previews[source]
  if not state then
    return
  end
  state.closed = true
  previews[source] = nil
  if state.subscription then
    unsubscribe(state.subscription)
    state.subscription = nil
  end
  pcall(vim.api.nvim_del_augroup_by_id, state.augroup)
  if vim.api.nvim_win_is_valid(state.win) then
    pcall(vim.api.nvim_win_close, state.win, true)
  end
  state.canvas:release()
  if vim.api.nvim_buf_is_valid(state.buf) then
    pcall(vim.api.nvim_buf_delete, state.buf, { force = true })
  end
end

function M.close_all()
  for source in pairs(previews) do
    M.close(source)
  end
end

function M.open(source)
  source = (source == nil or source == 0) and vim.api.nvim_get_current_buf() or source
  local existing = previews[source]
  if existing and vim.api.nvim_win_is_valid(existing.win) then
    local c = client.get()
    if existing.subscription and c and c.id == existing.client_id then
      client.request(source, 'preview/refresh', { subscription = existing.subscription }, nil, function()
        subscribe(existing)
      end)
    else
      subscribe(existing) -- e.g. after the daemon restarted
    end
    return existing
  elseif existing then
    M.close(source)
  end
  local id, why = client.attach(source)
  if not id then
    util.error(why)
    return nil
  end

  local buf = vim.api.nvim_create_buf(false, true)
  vim.api.nvim_buf_set_option(buf, 'bufhidden', 'wipe')
  vim.api.nvim_buf_set_option(buf, 'filetype', 'skeletonpreview')
  vim.api.nvim_buf_set_var(buf, 'skeleton_source', source)
  local state = {
    source = source,
    buf = buf,
    canvas = canvas_mod.new(buf, ns),
    canvas_width = 4,
    canvas_height = 3,
    size_known = false,
    generation = 0,
    columns = 0,
    rows = 0,
    frames = 0,
  }
  state.win = vim.api.nvim_open_win(buf, false, window_config(state))
  vim.api.nvim_win_set_option(state.win, 'wrap', false)
  vim.api.nvim_win_set_option(state.win, 'winhighlight', 'Normal:Normal,NormalFloat:Normal')
  previews[source] = state

  state.augroup = vim.api.nvim_create_augroup('SkeletonPreview' .. source, { clear = true })
  vim.api.nvim_create_autocmd('WinClosed', {
    group = state.augroup,
    pattern = tostring(state.win),
    callback = function()
      vim.schedule(function()
        if previews[source] == state then -- not a preview opened again meanwhile
          M.close(source)
        end
      end)
    end,
  })
  vim.api.nvim_create_autocmd({ 'BufUnload', 'BufWipeout' }, {
    group = state.augroup,
    buffer = source,
    callback = function()
      if previews[source] == state then
        M.close(source)
      end
    end,
  })
  vim.api.nvim_create_autocmd('VimResized', {
    group = state.augroup,
    callback = function()
      relayout(state)
    end,
  })
  vim.api.nvim_create_autocmd('WinScrolled', {
    group = state.augroup,
    pattern = tostring(state.win),
    callback = function()
      follow_size(state)
    end,
  })
  vim.api.nvim_create_autocmd({ 'DiagnosticChanged', 'TextChanged', 'TextChangedI' }, {
    group = state.augroup,
    buffer = source,
    callback = function()
      retry_when_waiting(state)
    end,
  })
  -- Neovim 0.7 refuses to quit while only floating windows would remain.
  vim.api.nvim_create_autocmd('QuitPre', {
    group = state.augroup,
    callback = function()
      if vim.api.nvim_get_current_buf() == source then
        M.close(source)
      end
    end,
  })

  fetch_canvas_size(state, function()
    if state.closed then
      return
    end
    if vim.api.nvim_win_is_valid(state.win) then
      vim.api.nvim_win_set_config(state.win, window_config(state))
    end
    subscribe(state)
  end)
  return state
end

-- Handler for the server's preview/frame notifications.
function M.on_frame(_, frame)
  if type(frame) ~= 'table' then
    return
  end
  local state = by_subscription[frame.subscription]
  if not state or state.closed then
    return
  end
  if frame.encoding == 'cells' then
    local ok, err = pcall(state.canvas.apply, state.canvas, frame)
    if not ok then
      util.error('preview frame: ' .. tostring(err))
    end
  end
  state.frames = state.frames + 1
  state.seq = frame.seq
  client.notify('preview/ack', { subscription = frame.subscription, seq = frame.seq })
  if not state.size_known and not state.asking_size then
    state.asking_size = true
    fetch_canvas_size(state, function(known)
      state.asking_size = false
      if known then
        relayout(state)
      end
    end)
  else
    follow_size(state)
  end
end

-- Subscribes every open preview again (after :SkeletonRestart).
function M.resubscribe_all()
  for _, state in pairs(previews) do
    subscribe(state)
  end
end

-- The daemon exited: its subscriptions are gone.
function M.on_client_exit()
  for id, state in pairs(by_subscription) do
    state.subscription = nil
    by_subscription[id] = nil
  end
end

-- What a preview is doing (for tests and :SkeletonStatus).
function M.status(source)
  source = (source == nil or source == 0) and vim.api.nvim_get_current_buf() or source
  local state = previews[source]
  if not state then
    return nil
  end
  return {
    subscription = state.subscription,
    frames = state.frames,
    seq = state.seq,
    columns = state.columns,
    rows = state.rows,
    window = state.win,
    buffer = state.buf,
    highlights_defined = highlights.stats.defined,
    highlights_in_use = highlights.in_use(),
  }
end

-- The source buffer for a buffer (itself, or the document a preview buffer shows).
function M.source_of(bufnr)
  local ok, source = pcall(vim.api.nvim_buf_get_var, bufnr, 'skeleton_source')
  if ok and source then
    return source
  end
  return bufnr
end

return M
