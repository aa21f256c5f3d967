-- A grid of half-block cells in a scratch buffer, updated from `cells` preview frames.
-- Every line is `columns` copies of ▀; each cell's colours come from a highlight group of the pool.
-- The grid starts `top` lines down the buffer (the preview keeps a title line above it).
local highlights = require('skeleton.highlights')

local M = {}

local BLOCK = '▀' -- U+2580, three bytes in UTF-8
local BLOCK_BYTES = #BLOCK

local Canvas = {}
Canvas.__index = Canvas

function M.new(buf, ns, top)
  return setmetatable({ buf = buf, ns = ns, top = top or 0, columns = 0, rows = 0, cells = {}, frames = 0 }, Canvas)
end

-- Forgets every cell (giving their groups back to the pool).
function Canvas:release()
  for _, row in pairs(self.cells) do
    for _, g in pairs(row) do
      highlights.release(g)
    end
  end
  self.cells = {}
end

function Canvas:reset(columns, rows)
  self:release()
  self.columns, self.rows = columns, rows
  for y = 1, rows do
    self.cells[y] = {}
  end
  if vim.api.nvim_buf_is_valid(self.buf) then
    local lines = {}
    local line = string.rep(BLOCK, columns)
    for y = 1, rows do
      lines[y] = line
    end
    vim.api.nvim_buf_set_option(self.buf, 'modifiable', true)
    vim.api.nvim_buf_set_lines(self.buf, self.top, -1, false, lines)
    vim.api.nvim_buf_set_option(self.buf, 'modifiable', false)
    vim.api.nvim_buf_clear_namespace(self.buf, self.ns, self.top, -1)
  end
end

function Canvas:draw_row(y)
  local row = self.cells[y + 1]
  local buf, ns = self.buf, self.ns
  local line = self.top + y
  vim.api.nvim_buf_clear_namespace(buf, ns, line, line + 1)
  local x, n = 1, self.columns
  while x <= n do
    local g = row[x]
    local x1 = x + 1
    while x1 <= n and row[x1] == g do
      x1 = x1 + 1
    end
    if g then
      vim.api.nvim_buf_add_highlight(buf, ns, highlights.name(g), line, (x - 1) * BLOCK_BYTES, (x1 - 1) * BLOCK_BYTES)
    end
    x = x1
  end
end

-- Replaces the grid with one line of text (the next frame redraws everything).
function Canvas:message(text)
  self:reset(0, 0)
  if vim.api.nvim_buf_is_valid(self.buf) then
    vim.api.nvim_buf_set_option(self.buf, 'modifiable', true)
    vim.api.nvim_buf_set_lines(self.buf, self.top, -1, false, { text })
    vim.api.nvim_buf_set_option(self.buf, 'modifiable', false)
  end
end

-- Applies a `preview/frame` (cells encoding). Returns the number of cells changed.
function Canvas:apply(frame)
  if not vim.api.nvim_buf_is_valid(self.buf) then
    return 0
  end
  local columns, rows = tonumber(frame.columns) or 0, tonumber(frame.rows) or 0
  if frame.keyframe or columns ~= self.columns or rows ~= self.rows then
    self:reset(columns, rows)
  end
  local dirty = {}
  local changed = 0
  for _, run in ipairs(frame.cells or {}) do
    local y, x0 = run.y, run.x
    local row = self.cells[y + 1]
    local fg, bg = run.fg, run.bg
    if row and type(fg) == 'table' and type(bg) == 'table' then
      for k = 1, math.min(#fg, #bg) do
        local x = x0 + k
        if x >= 1 and x <= columns then
          local g = highlights.acquire(fg[k], bg[k])
          local old = row[x]
          if old then
            highlights.release(old)
          end
          row[x] = g
          changed = changed + 1
        end
      end
      dirty[y] = true
    end
  end
  for y in pairs(dirty) do
    self:draw_row(y)
  end
  self.frames = self.frames + 1
  return changed
end

return M
