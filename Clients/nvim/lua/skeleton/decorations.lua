-- What Neovim 0.7's LSP client does not show of the daemon's answers: inlay hints (as end-of-line virtual text),
-- colours (each colour string highlighted in its colour) and folding (through 'foldexpr'). Asked again after the
-- text changes, once typing pauses.
local config = require('skeleton.config')

local M = {}

local ns = vim.api.nvim_create_namespace('skeleton_decorations')
M.namespace = ns

-- Per buffer: fold levels by 1-based line ({level, starts}), the pending refresh timer.
local folds = {}
local timers = {}
-- Colour highlight groups already defined, by RRGGBB.
local color_groups = {}

local function options()
  return config.get().decorations or {}
end

-- The byte column of an LSP position on `line` of `bufnr` (LSP counts UTF-16 units).
local function byte_column(bufnr, line, character)
  local text = vim.api.nvim_buf_get_lines(bufnr, line, line + 1, false)[1] or ''
  local ok, col = pcall(vim.str_byteindex, text, character, true)
  return ok and col or #text
end

local function whole_range(bufnr)
  return { start = { line = 0, character = 0 }, ['end'] = { line = vim.api.nvim_buf_line_count(bufnr), character = 0 } }
end

local function show_inlay_hints(bufnr, hints)
  vim.api.nvim_buf_clear_namespace(bufnr, ns, 0, -1)
  if type(hints) ~= 'table' then
    return
  end
  -- Neovim 0.7 has no inline virtual text: a line's hints go at its end, in text order.
  local by_line = {}
  for _, hint in ipairs(hints) do
    local label = hint.label
    if type(label) == 'table' then
      label = table.concat(vim.tbl_map(function(part) return part.value or '' end, label))
    end
    local line = hint.position and hint.position.line
    if type(label) == 'string' and type(line) == 'number' then
      by_line[line] = by_line[line] or {}
      table.insert(by_line[line], label)
    end
  end
  local count = vim.api.nvim_buf_line_count(bufnr)
  for line, labels in pairs(by_line) do
    if line < count then
      vim.api.nvim_buf_set_extmark(bufnr, ns, line, 0, {
        virt_text = { { '  ' .. table.concat(labels, ' · '), 'SkeletonInlayHint' } },
        virt_text_pos = 'eol',
        hl_mode = 'combine',
      })
    end
  end
end

local function color_group(color)
  local hex = string.format('%02X%02X%02X', math.floor(color.red * 255 + 0.5), math.floor(color.green * 255 + 0.5),
    math.floor(color.blue * 255 + 0.5))
  local name = 'SkeletonColor' .. hex
  if not color_groups[hex] then
    -- Black or white text, whichever reads on the colour.
    local luma = 0.2126 * color.red + 0.7152 * color.green + 0.0722 * color.blue
    vim.api.nvim_set_hl(0, name, { background = '#' .. hex, foreground = luma > 0.5 and '#000000' or '#FFFFFF' })
    color_groups[hex] = true
  end
  return name
end

local color_ns = vim.api.nvim_create_namespace('skeleton_colors')
M.color_namespace = color_ns

local function show_colors(bufnr, colors)
  vim.api.nvim_buf_clear_namespace(bufnr, color_ns, 0, -1)
  if type(colors) ~= 'table' then
    return
  end
  for _, info in ipairs(colors) do
    local range, color = info.range, info.color
    if range and color and range.start.line == range['end'].line then
      local line = range.start.line
      vim.api.nvim_buf_add_highlight(bufnr, color_ns, color_group(color), line,
        byte_column(bufnr, line, range.start.character), byte_column(bufnr, line, range['end'].character))
    end
  end
end

local function set_folds(bufnr, ranges)
  local levels, starts = {}, {}
  for _, r in ipairs(type(ranges) == 'table' and ranges or {}) do
    if type(r.startLine) == 'number' and type(r.endLine) == 'number' and r.endLine > r.startLine then
      starts[r.startLine + 1] = true
      for l = r.startLine + 1, r.endLine + 1 do
        levels[l] = (levels[l] or 0) + 1
      end
    end
  end
  folds[bufnr] = { levels = levels, starts = starts }
end

-- 'foldexpr' for skeleton buffers: the depth of the daemon's folding ranges at line `lnum`.
function M.foldexpr(lnum)
  local f = folds[vim.api.nvim_get_current_buf()]
  if not f then
    return 0
  end
  local level = f.levels[lnum] or 0
  return f.starts[lnum] and ('>' .. level) or level
end

local function request(bufnr, method, params, apply)
  vim.lsp.buf_request(bufnr, method, params, function(err, result)
    if err == nil and vim.api.nvim_buf_is_valid(bufnr) then
      apply(bufnr, result)
    end
  end)
end

-- Asks the daemon for the buffer's inlay hints, colours and folding ranges, and shows them.
function M.refresh(bufnr)
  if not vim.api.nvim_buf_is_valid(bufnr) then
    return
  end
  local o = options()
  local document = { uri = vim.uri_from_bufnr(bufnr) }
  if o.inlay_hints ~= false then
    request(bufnr, 'textDocument/inlayHint', { textDocument = document, range = whole_range(bufnr) },
      show_inlay_hints)
  end
  if o.colors ~= false then
    request(bufnr, 'textDocument/documentColor', { textDocument = document }, show_colors)
  end
  if o.folding ~= false then
    request(bufnr, 'textDocument/foldingRange', { textDocument = document }, function(b, ranges)
      set_folds(b, ranges)
      -- Folds are computed when the text changes; recompute them now that the ranges have arrived.
      for _, win in ipairs(vim.fn.win_findbuf(b)) do
        vim.api.nvim_win_call(win, function() vim.cmd('silent! normal! zx') end)
      end
    end)
  end
end

local function schedule_refresh(bufnr)
  local timer = timers[bufnr]
  if timer then
    timer:stop()
  else
    timer = vim.loop.new_timer()
    timers[bufnr] = timer
  end
  timer:start(300, 0, vim.schedule_wrap(function() M.refresh(bufnr) end))
end

local function use_folding(win)
  vim.api.nvim_win_set_option(win, 'foldmethod', 'expr')
  vim.api.nvim_win_set_option(win, 'foldexpr', "v:lua.require'skeleton.decorations'.foldexpr(v:lnum)")
  -- Everything open at first: `zc` closes the object at the cursor.
  vim.api.nvim_win_set_option(win, 'foldlevel', 99)
end

-- Called when the daemon attaches to `bufnr`.
function M.attach(bufnr)
  vim.cmd('highlight default link SkeletonInlayHint Comment')
  if options().folding ~= false then
    for _, win in ipairs(vim.fn.win_findbuf(bufnr)) do
      use_folding(win)
    end
  end
  local group = vim.api.nvim_create_augroup('skeleton_decorations_' .. bufnr, { clear = true })
  vim.api.nvim_create_autocmd({ 'TextChanged', 'TextChangedI' }, {
    group = group, buffer = bufnr, callback = function() schedule_refresh(bufnr) end,
  })
  vim.api.nvim_create_autocmd('BufWinEnter', {
    group = group, buffer = bufnr,
    callback = function()
      if options().folding ~= false then
        use_folding(vim.api.nvim_get_current_win())
      end
    end,
  })
  vim.api.nvim_create_autocmd({ 'BufUnload', 'BufWipeout' }, {
    group = group, buffer = bufnr,
    callback = function()
      folds[bufnr] = nil
      if timers[bufnr] then
        timers[bufnr]:stop()
        timers[bufnr]:close()
        timers[bufnr] = nil
      end
    end,
  })
  M.refresh(bufnr)
end

return M
