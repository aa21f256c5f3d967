-- :SkeletonPreview: a floating window showing a document's live preview, drawn from `cells` frames.
--
-- One preview window, for the current skeleton buffer: entering another skeleton buffer switches it to that
-- document, leaving for an unrelated buffer (the document no longer shown in this tab) closes it, and coming
-- back opens it again, until :SkeletonPreviewClose. Its first line is a title: the file and the skeleton's
-- state (shown, hidden, scheduled), with a hint while nothing is shown. The window keeps the canvas's aspect
-- ratio (half blocks are about square); its size is the subscription's grid, and when the size changes (editor
-- resized, window resized) the subscription gets the new grid with preview/viewport (a daemon without it: the
-- preview subscribes again). It sits on the right, at the rows
-- where it hides least: never a line with a diagnostic (whose text runs to the right edge) or the cursor's line,
-- and the fewest lines whose text reaches under it. Every applied frame is acknowledged with preview/ack.
local client = require('skeleton.client')
local canvas_mod = require('skeleton.canvas')
local config = require('skeleton.config')
local highlights = require('skeleton.highlights')
local util = require('skeleton.util')
local viewport = require('skeleton.viewport')

local M = {}

local ns = vim.api.nvim_create_namespace('skeleton_preview')
local previews = {} -- source bufnr -> state (one at most: the preview follows the current skeleton buffer)
local by_subscription = {} -- subscription id -> state
local following = false -- :SkeletonPreview is on: the preview follows skeleton buffers until closed
local TITLE = 1 -- lines above the grid

-- The skeleton's state per document uri: 'shown', 'hidden', 'scheduled' or 'hiding' (nil: not known yet).
local skeleton_states = {}

local MAX_COLUMNS, MAX_ROWS = 1000, 500

local function window_size(state)
  local opts = config.get().preview
  local has_border = opts.border and opts.border ~= 'none' and opts.border ~= ''
  local frame = has_border and 2 or 0
  local editor_columns = vim.o.columns
  local editor_lines = vim.o.lines - vim.o.cmdheight - 1
  local max_width = math.max(4, editor_columns - frame - 1)
  local max_height = math.max(2, editor_lines - frame - TITLE)
  local width = util.clamp(util.resolve_size(opts.width, editor_columns), 4, math.min(max_width, MAX_COLUMNS))
  local height_limit =
    util.clamp(util.resolve_size(opts.max_height, editor_lines) - TITLE, 2, math.min(max_height, MAX_ROWS))
  -- A cell is one pixel wide and two tall (half blocks): rows = columns * h / w / 2.
  local aw, ah = state.canvas_width, state.canvas_height
  local height = math.max(1, math.floor(width * ah / aw / 2 + 0.5))
  if height > height_limit then
    height = height_limit
    -- A canvas too tall for the window: the whole window, scrolling over it (a viewport) when the daemon can,
    -- else the canvas shrunk to fit.
    if not (state.size_known and config.get().preview.follow_cursor and viewport.supported()) then
      width = util.clamp(math.floor(height * 2 * aw / ah + 0.5), 4, width)
    end
  end
  return width, height
end

-- What a window whose left edge is screen column `left` (0-based) would hide, per screen row (0-based,
-- editor-wide): 1 where a line's text reaches that column, 1000 on a line with a diagnostic (its virtual text
-- runs to the right edge) and on the cursor's line. Every non-floating window of the tab counts.
local function covered_rows(left)
  local rows = {}
  local current = vim.api.nvim_get_current_win()
  for _, win in ipairs(vim.api.nvim_tabpage_list_wins(0)) do
    if vim.api.nvim_win_get_config(win).relative == '' then
      local buf = vim.api.nvim_win_get_buf(win)
      local info = vim.fn.getwininfo(win)[1]
      local text_left = info.wincol - 1 + info.textoff
      local width = info.width - info.textoff
      local wrap = vim.api.nvim_win_get_option(win, 'wrap')
      local leftcol = wrap and 0 or vim.api.nvim_win_call(win, vim.fn.winsaveview).leftcol
      local diagnosed = {}
      for _, d in ipairs(vim.diagnostic.get(buf)) do
        diagnosed[d.lnum + 1] = true
      end
      local cursor = win == current and vim.api.nvim_win_get_cursor(win)[1] or nil
      local lines = vim.api.nvim_buf_get_lines(buf, info.topline - 1, info.botline, false)
      for k, text in ipairs(lines) do
        local lnum = info.topline + k - 1
        local pos = vim.fn.screenpos(win, lnum, 1)
        if pos.row > 0 then
          local reach = vim.fn.strdisplaywidth(text) - leftcol
          -- A wrapped line fills every screen line but its last, where its virtual text is.
          local extra = (wrap and width > 0) and math.floor(math.max(0, reach - 1) / width) or 0
          for r = 0, extra do
            local cost = 0
            if lnum == cursor or (diagnosed[lnum] and r == extra) then
              cost = 1000
            elseif text_left + math.min(width, reach - r * width) > left then
              cost = 1
            end
            local row = pos.row - 1 + r
            rows[row] = math.max(rows[row] or 0, cost)
          end
        end
      end
    end
  end
  return rows
end

-- The top row for a window of `height` screen lines whose left edge is column `left`: where it hides least
-- (`covered_rows`), the `current` row when no other hides less, else the highest.
local function free_row(height, left, current)
  local rows = covered_rows(left)
  local last = math.max(0, vim.o.lines - vim.o.cmdheight - 1 - height)
  local function cost(top)
    local sum = 0
    for r = top, top + height - 1 do
      sum = sum + (rows[r] or 0)
    end
    return sum
  end
  local best, best_cost = 0, math.huge
  for top = 0, last do
    local c = cost(top)
    if c < best_cost then
      best, best_cost = top, c
    end
  end
  if current and current <= last and cost(current) == best_cost then
    return current
  end
  return best
end

local function window_config(state)
  local width, height = window_size(state)
  local opts = config.get().preview
  local has_border = opts.border and opts.border ~= 'none' and opts.border ~= ''
  height = height + TITLE
  local frame = has_border and 2 or 0
  state.row = free_row(height + frame, vim.o.columns - width - frame, state.row)
  return {
    relative = 'editor',
    anchor = 'NE',
    row = state.row,
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

-- The daemon refuses a subscription before the document has had valid text once (-32803 without a `reason`, or
-- -32602 at /params/uri in skeletond 0.1): the preview then waits and tries again when the document changes. A
-- -32803 with `data.reason` (the frame budget, too many previews) is no wait: the preview says why.
local function no_valid_tree_yet(err)
  if type(err) ~= 'table' then
    return false
  end
  local data = type(err.data) == 'table' and err.data or {}
  return (err.code == -32803 and data.reason == nil) or (err.code == -32602 and data.pointer == '/params/uri')
end

local HINT = ':SkeletonShow [solid|gradient] [animated] draws it'

-- The title that fits `width` columns: ' <file> · scene <id> · <state>' (no scene part for the initial scene), and
-- while nothing is shown the hint, shortened to the command or left out when it does not fit. Narrower, the word
-- "scene" goes, then the file name loses its middle ('…'); the scene id and the state stay whole.
function M.fit_title(name, status, width, scene)
  local fits = function(text)
    return vim.fn.strdisplaywidth(text) <= width
  end
  local title = ' ' .. name .. (scene and (' · scene ' .. scene) or '') .. ' · ' .. status
  if status == 'hidden' then
    for _, hint in ipairs({ HINT, ':SkeletonShow' }) do
      if fits(title .. ' · ' .. hint) then
        return title .. ' · ' .. hint
      end
    end
  end
  if fits(title) then
    return title
  end
  local tail = (scene and (' · ' .. scene) or '') .. ' · ' .. status
  if fits(' ' .. name .. tail) then
    return ' ' .. name .. tail
  end
  local room = width - vim.fn.strdisplaywidth(' …' .. tail)
  if room < 2 then
    return vim.fn.strcharpart(' ' .. (scene and (scene .. ' · ') or '') .. status, 0, width)
  end
  local chars = vim.fn.strchars(name)
  local head = math.ceil(room / 2)
  return ' ' .. vim.fn.strcharpart(name, 0, head) .. '…' .. vim.fn.strcharpart(name, chars - (room - head)) .. tail
end

-- The title line: the file, the skeleton's state and, while nothing is shown, how to show it.
local function draw_title(state)
  if state.closed or not vim.api.nvim_buf_is_valid(state.buf) then
    return
  end
  local name = vim.fn.fnamemodify(vim.api.nvim_buf_get_name(state.source), ':t')
  local scene = client.scene(state.source)
  local status = skeleton_states[client.uri(state.source)] or '…'
  local width = vim.api.nvim_win_is_valid(state.win) and vim.api.nvim_win_get_width(state.win) or 80
  local title = M.fit_title(name, status, width, scene)
  vim.api.nvim_buf_set_option(state.buf, 'modifiable', true)
  vim.api.nvim_buf_set_lines(state.buf, 0, TITLE, false, { title })
  vim.api.nvim_buf_set_option(state.buf, 'modifiable', false)
  vim.api.nvim_buf_add_highlight(state.buf, ns, 'Title', 0, 0, -1)
end

-- Records a document's skeleton state ('shown', 'hidden', 'scheduled', 'hiding') and retitles its preview.
function M.set_state(uri, status)
  skeleton_states[uri] = status
  for _, state in pairs(previews) do
    if client.uri(state.source) == uri then
      draw_title(state)
    end
  end
end

-- The state a skeleton/didChangeState notification leaves the document in.
M.state_after = {
  willAppear = 'shown',
  didAppear = 'shown',
  willUpdate = 'shown',
  didUpdate = 'shown',
  willDisappear = 'hiding',
  didDisappear = 'hidden',
}

-- Asks whether the skeleton is active when the state is not known yet (a document nobody showed).
local function fetch_state(state)
  local uri = client.uri(state.source)
  if skeleton_states[uri] then
    draw_title(state)
    return
  end
  client.request(state.source, 'skeleton/isActive', client.target(state.source), function(active)
    if skeleton_states[uri] == nil then
      M.set_state(uri, active == true and 'shown' or 'hidden')
    end
  end, function() end) -- no valid tree yet: asked again when the preview subscribes
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
  local rows = math.max(1, vim.api.nvim_win_get_height(state.win) - TITLE)
  state.columns, state.rows = columns, rows
  local opts = config.get().preview
  local scene = client.scene(state.source)
  state.viewport = state.size_known and opts.follow_cursor and viewport.supported()
      and viewport.for_grid(columns, rows, state.canvas_width, state.canvas_height, state.viewport and state.viewport.y)
    or nil
  client.request(state.source, 'preview/subscribe', {
    uri = client.uri(state.source),
    scene = scene,
    encoding = 'cells',
    cells = { columns = columns, rows = rows },
    maxFps = opts.max_fps,
    window = opts.window,
    scale = opts.scale,
    outlines = opts.outlines,
    viewport = state.viewport,
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
    state.scene = scene
    state.ended = nil
    local c = client.get()
    state.client_id = c and c.id
    by_subscription[subscription] = state
    fetch_state(state)
  end, function(err)
    if generation ~= state.generation or state.closed then
      return
    end
    if no_valid_tree_yet(err) then
      state.waiting = true
      state.canvas:message(' waiting for valid text (see the diagnostics)')
    else
      state.canvas:message(' preview/subscribe: ' .. util.format_error(err))
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

-- Gives the live subscription a `columns` x `rows` grid (and the viewport that grid shows) with preview/viewport,
-- when the daemon takes a grid there: true when asked (a refusal subscribes again). A grid that now shows the whole
-- canvas where it showed a viewport subscribes again instead (a subscription without a viewport follows the canvas).
local function resize(state, columns, rows)
  if not state.subscription or not viewport.resizes_grid() then
    return false
  end
  local opts = config.get().preview
  local wanted = state.size_known and opts.follow_cursor and viewport.supported()
      and viewport.for_grid(columns, rows, state.canvas_width, state.canvas_height, state.viewport and state.viewport.y)
    or nil
  if not wanted and state.viewport then
    return false
  end
  local subscription, generation = state.subscription, state.generation
  state.columns, state.rows, state.viewport = columns, rows, wanted
  state.grid_requests = state.grid_requests + 1
  state.viewport_pending = true
  client.request(state.source, 'preview/viewport',
    { subscription = subscription, cells = { columns = columns, rows = rows }, viewport = wanted },
    function()
      state.viewport_pending = false
    end, function(err)
      state.viewport_pending = false
      if generation == state.generation and not state.closed then
        util.warn('preview/viewport: ' .. util.format_error(err))
        subscribe(state)
      end
    end)
  return true
end

-- Follows the window's size: the subscription's grid becomes the window's (preview/viewport, or a new subscription
-- from a daemon that cannot change a grid).
local function follow_size(state)
  if state.closed or not vim.api.nvim_win_is_valid(state.win) then
    return
  end
  local columns = vim.api.nvim_win_get_width(state.win)
  local rows = math.max(1, vim.api.nvim_win_get_height(state.win) - TITLE)
  if columns ~= state.columns or rows ~= state.rows then
    draw_title(state) -- fitted to the new width
    if not resize(state, columns, rows) then
      subscribe(state)
    end
  end
end

-- Moves the window (same size) to where it hides least: no diagnostic, not the cursor's line, the fewest lines of
-- text (`free_row`). It stays where it is while no place hides less.
local function reposition(state)
  if state.closed or not vim.api.nvim_win_is_valid(state.win) then
    return
  end
  local opts = config.get().preview
  local has_border = opts.border and opts.border ~= 'none' and opts.border ~= ''
  local frame = has_border and 2 or 0
  local height = vim.api.nvim_win_get_height(state.win) + frame
  local row = free_row(height, vim.o.columns - vim.api.nvim_win_get_width(state.win) - frame, state.row)
  if row ~= state.row then
    state.row = row
    vim.api.nvim_win_set_config(state.win, { relative = 'editor', anchor = 'NE', row = row, col = vim.o.columns })
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

-- Scrolls the viewport (a preview over a long document) to the node at the source window's cursor: the least
-- move that shows it, sent as preview/viewport.
-- Asks the daemon to show state.viewport (the client's: the daemon's keyframes follow it).
local function send_viewport(state)
  if not state.subscription or not state.viewport then
    return
  end
  state.viewport_requests = state.viewport_requests + 1
  state.viewport_pending = true
  local function answered()
    state.viewport_pending = false
  end
  client.request(state.source, 'preview/viewport', { subscription = state.subscription, viewport = state.viewport },
    answered, function(err)
      answered()
      util.warn('preview/viewport: ' .. util.format_error(err))
    end)
end

-- Between subscriptions (a resized window) the viewport moves all the same: the new subscription's keyframe shows
-- the old one, and asks for this one (see M.on_frame).
local function follow_cursor(state)
  if state.closed or not state.viewport or not config.get().preview.follow_cursor then
    return
  end
  local win = vim.fn.bufwinid(state.source)
  if win == -1 then
    return
  end
  local cursor = vim.api.nvim_win_get_cursor(win)
  local c = client.get()
  local character = vim.lsp.util.character_offset(state.source, cursor[1] - 1, cursor[2],
    c and c.offset_encoding or 'utf-16')
  local position = { line = cursor[1] - 1, character = character }
  viewport.with_outline(state.source, function(symbols, index)
    local rect = viewport.node_rect(symbols, index, position)
    local current = state.viewport
    if state.closed or not rect or not current then
      return
    end
    local moved = viewport.for_grid(state.columns, state.rows, state.canvas_width, state.canvas_height,
      viewport.scroll_top(current, rect))
    if moved and moved.y ~= current.y then
      state.viewport = moved
      send_viewport(state)
    end
  end)
end

-- Follows the cursor once it rests (100 ms after its last move).
local function follow_cursor_later(state)
  state.follow_generation = state.follow_generation + 1
  local generation = state.follow_generation
  vim.defer_fn(function()
    if generation == state.follow_generation then
      follow_cursor(state)
    end
  end, 100)
end

-- Closes a preview's window and subscription (the preview keeps following skeleton buffers).
local function close_state(state)
  state.closed = true
  previews[state.source] = nil
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

-- :SkeletonPreviewClose (or the window closed by hand): the preview closes and stops following.
function M.close(source)
  local state = previews[source]
  if not state then
    return
  end
  following = false
  close_state(state)
end

function M.close_all()
  following = false
  for _, state in pairs(previews) do
    close_state(state)
  end
end

-- Keeps the one preview on the current skeleton buffer (see the top of this file). Floating windows (this
-- preview, notifications, hovers) and the buffers of the previewed document (its tree) change nothing.
local function follow_current_buffer()
  if not following or vim.api.nvim_win_get_config(0).relative ~= '' then
    return
  end
  local current = vim.api.nvim_get_current_buf()
  local source = M.source_of(current)
  local state = next(previews) and previews[next(previews)]
  if state and state.source == source then
    return
  end
  if source == current and client.is_skeleton_buffer(current) then
    M.open(current) -- switches
  elseif state and #vim.fn.win_findbuf(state.source) == 0 then
    close_state(state) -- the document left the screen (:enew, :edit other): until it comes back
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
    close_state(existing)
  end
  local id, why = client.attach(source)
  if not id then
    util.error(why)
    return nil
  end
  -- One preview: the one of another document gives way.
  for _, other in pairs(previews) do
    close_state(other)
  end
  following = true

  local buf = vim.api.nvim_create_buf(false, true)
  vim.api.nvim_buf_set_option(buf, 'bufhidden', 'wipe')
  vim.api.nvim_buf_set_option(buf, 'filetype', 'skeletonpreview')
  vim.api.nvim_buf_set_var(buf, 'skeleton_source', source)
  local state = {
    source = source,
    buf = buf,
    canvas = canvas_mod.new(buf, ns, TITLE),
    canvas_width = 4,
    canvas_height = 3,
    size_known = false,
    generation = 0,
    columns = 0,
    rows = 0,
    frames = 0,
    follow_generation = 0,
    viewport_requests = 0,
    grid_requests = 0,
  }
  state.win = vim.api.nvim_open_win(buf, false, window_config(state))
  vim.api.nvim_win_set_option(state.win, 'wrap', false)
  vim.api.nvim_win_set_option(state.win, 'winhighlight', 'Normal:Normal,NormalFloat:Normal')
  previews[source] = state

  state.augroup = vim.api.nvim_create_augroup('SkeletonPreview' .. source, { clear = true })
  -- Closed from inside (:q, :close in the preview): the user closed it, and it stops following. Closed from
  -- another window (:only, <C-w>o close every float): it opens again over the document, still following.
  vim.api.nvim_create_autocmd('WinClosed', {
    group = state.augroup,
    pattern = tostring(state.win),
    callback = function()
      local by_hand = vim.api.nvim_get_current_win() == state.win
      vim.schedule(function()
        if previews[source] ~= state then -- closed by the plugin, or a preview opened again meanwhile
          return
        end
        if by_hand or not vim.api.nvim_buf_is_valid(source) then
          M.close(source)
        elseif #vim.fn.win_findbuf(source) == 0 then
          close_state(state) -- as when the document leaves the screen: back with it
        else
          close_state(state)
          M.open(source)
        end
      end)
    end,
  })
  vim.api.nvim_create_autocmd({ 'BufUnload', 'BufWipeout' }, {
    group = state.augroup,
    buffer = source,
    callback = function()
      if previews[source] == state then
        close_state(state)
      end
    end,
  })
  vim.api.nvim_create_autocmd('VimResized', {
    group = state.augroup,
    callback = function()
      relayout(state)
    end,
  })
  -- The preview's own window resized (follow the size), or any window scrolled (diagnostics moved on screen:
  -- find a place that hides none).
  vim.api.nvim_create_autocmd('WinScrolled', {
    group = state.augroup,
    callback = function(args)
      if args.match == tostring(state.win) then
        follow_size(state)
      else
        reposition(state)
      end
    end,
  })
  -- Diagnostics, the text or the cursor moved: find a place that hides none of them.
  vim.api.nvim_create_autocmd({ 'DiagnosticChanged', 'TextChanged', 'TextChangedI', 'CursorMoved', 'CursorMovedI' }, {
    group = state.augroup,
    buffer = source,
    callback = function(args)
      vim.schedule(function()
        reposition(state)
      end)
      if args.event == 'CursorMoved' or args.event == 'CursorMovedI' then
        follow_cursor_later(state)
      end
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

  draw_title(state)
  fetch_state(state)
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

vim.api.nvim_create_autocmd('BufEnter', {
  group = vim.api.nvim_create_augroup('SkeletonPreviewFollow', { clear = true }),
  callback = function()
    -- After the command that changed buffers has finished (windows settled).
    vim.schedule(follow_current_buffer)
  end,
})

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
  -- A keyframe showing another viewport than the wanted one (built before a move, or for a subscription made
  -- meanwhile) asks for the wanted one again, once for each (never a loop of keyframes).
  local shown, wanted = frame.viewport, state.viewport
  if type(shown) == 'table' and tonumber(shown.y) and wanted and not state.viewport_pending
    and state.viewport_resent ~= wanted and math.abs(shown.y - wanted.y) > 0.5 then
    state.viewport_resent = wanted
    send_viewport(state)
  end
  local canvas = frame.canvas
  if type(canvas) == 'table' and tonumber(canvas.width) and tonumber(canvas.height) and canvas.width > 0
    and canvas.height > 0 and (canvas.width ~= state.canvas_width or canvas.height ~= state.canvas_height
      or not state.size_known) then
    state.canvas_width, state.canvas_height, state.size_known = canvas.width, canvas.height, true
    local generation = state.generation
    relayout(state)
    -- The grid may be the same while the viewport is not (a taller canvas to scroll over, or one that now fits).
    local wanted = viewport.supported() and config.get().preview.follow_cursor
      and viewport.for_grid(state.columns, state.rows, canvas.width, canvas.height, 0)
    if generation == state.generation and (wanted and true or false) ~= (state.viewport and true or false) then
      subscribe(state)
    end
  elseif not state.size_known and not state.asking_size then
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

-- Handler for the server's preview/ended notifications: the daemon ended a subscription it can no longer serve
-- (its canvas grew past the frames previews may hold). The window says why; :SkeletonPreview subscribes again.
function M.on_ended(_, params)
  if type(params) ~= 'table' then
    return
  end
  local state = by_subscription[params.subscription]
  by_subscription[params.subscription] = nil
  if not state or state.subscription ~= params.subscription then
    return
  end
  state.subscription = nil
  state.ended = true
  local why = tostring(params.message or params.reason or 'no reason given')
  state.canvas:message(' preview ended: ' .. why)
  util.warn('preview ended: ' .. why)
end

-- Subscribes every open preview again (after :SkeletonRestart).
-- The buffer's scene changed (:SkeletonScene): its preview shows the new scene.
function M.scene_changed(source)
  local state = previews[source]
  if state and not state.closed then
    draw_title(state)
    subscribe(state)
  end
end

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
    scene = state.scene or vim.NIL, -- the scene subscribed to (:SkeletonScene), nil for the initial one
    ended = state.ended or false,
    frames = state.frames,
    seq = state.seq,
    columns = state.columns,
    rows = state.rows,
    viewport = state.viewport or vim.NIL, -- the canvas region shown (a long document), nil for the whole canvas
    viewport_requests = state.viewport_requests,
    grid_requests = state.grid_requests, -- grids changed with preview/viewport (a resized window)
    viewports = viewport.supported(), -- whether the daemon moves viewports (preview/viewport)
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
