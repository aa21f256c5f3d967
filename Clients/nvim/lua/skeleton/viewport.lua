-- The preview's viewport over a long document: which part of the canvas a grid shows, and where the node at the
-- cursor is on the canvas (from the daemon's outline, textDocument/documentSymbol, and its nodes' frames,
-- skeleton/layers), so the preview scrolls to keep it in view.
local client = require('skeleton.client')

local M = {}

-- Whether the daemon moves viewports (preview/viewport among its own methods).
function M.supported()
  local c = client.get()
  local caps = c and c.server_capabilities or {}
  local methods = type(caps.experimental) == 'table' and type(caps.experimental.skeleton) == 'table'
    and caps.experimental.skeleton.methods or {}
  return type(methods) == 'table' and vim.tbl_contains(methods, 'preview/viewport')
end

-- Whether preview/viewport also takes a cells subscription's new grid (a resized window without subscribing again):
-- the daemon announces it in experimental.skeleton.previews.viewportCells.
function M.resizes_grid()
  local c = client.get()
  local caps = c and c.server_capabilities or {}
  local skeleton = type(caps.experimental) == 'table' and caps.experimental.skeleton
  local previews = type(skeleton) == 'table' and skeleton.previews
  return type(previews) == 'table' and previews.viewportCells == true
end

-- The viewport of a `columns` x `rows` grid on a canvas of `width` x `height` points, from `top` (kept inside the
-- canvas): the canvas's width and the height the grid shows of it (a cell is one pixel wide and two tall). nil when
-- the whole canvas fits: the rows it needs at that width, rounded as the window's size is, are the grid's at most.
function M.for_grid(columns, rows, width, height, top)
  if math.floor(columns * height / width / 2 + 0.5) <= rows then
    return nil
  end
  local shown = width * 2 * rows / columns
  local y = math.max(0, math.min(height - shown, top or 0))
  return { x = 0, y = y, width = width, height = shown }
end

local function union(a, b)
  if not a then
    return b
  end
  if not b then
    return a
  end
  local x, y = math.min(a[1], b[1]), math.min(a[2], b[2])
  return { x, y, math.max(a[1] + a[3], b[1] + b[3]) - x, math.max(a[2] + a[4], b[2] + b[4]) - y }
end

-- skeleton/layers' layers indexed: rects[reference] is the union of the node's layers; first[name] the first
-- template instance whose reference ends in /name ("feed[0,0]/author" for "author").
function M.index(layers)
  local rects, first = {}, {}
  for _, layer in ipairs(type(layers) == 'table' and layers or {}) do
    local ref, r = layer.node, layer.rect
    if type(ref) == 'string' and type(r) == 'table' and #r == 4 then
      rects[ref] = union(rects[ref], { r[1], r[2], r[3], r[4] })
      local tail = ref:match('/([^/]+)$')
      if tail and not first[tail] then
        first[tail] = ref
      end
    end
  end
  return { rects = rects, first = first }
end

-- The canvas rectangle {x, y, w, h} of the node a document symbol names: its own layers (a template body's: its
-- first instance's), else the union of its children's; nil when nothing of it is drawn.
local function symbol_rect(symbol, index)
  local name = symbol.name
  local own = index.rects[name] or (index.first[name] and index.rects[index.first[name]])
  if own then
    return own
  end
  local rect = nil
  for _, child in ipairs(symbol.children or {}) do
    rect = union(rect, symbol_rect(child, index))
  end
  return rect
end

local function before(a, b)
  return a.line < b.line or (a.line == b.line and a.character < b.character)
end

-- The rectangle of the innermost node around an LSP position (a node drawing nothing: its nearest ancestor's; a
-- position outside every node: the root's).
function M.node_rect(symbols, index, position)
  local path, level = {}, symbols
  while type(level) == 'table' do
    local hit = nil
    for _, symbol in ipairs(level) do
      local range = symbol.range
      if range and not before(position, range.start) and not before(range['end'], position) then
        hit = symbol
        break
      end
    end
    if not hit then
      break
    end
    table.insert(path, 1, hit)
    level = hit.children
  end
  if #path == 0 and type(symbols) == 'table' and symbols[1] then
    path = { symbols[1] } -- outside every node (the document's first lines): the root
  end
  for _, symbol in ipairs(path) do
    local rect = symbol_rect(symbol, index)
    if rect then
      return rect
    end
  end
  return nil
end

-- The viewport's new top so that `rect` is in view, moving it the least (a margin around the node).
function M.scroll_top(viewport, rect)
  local y, height = viewport.y, viewport.height
  local top, bottom = rect[2], rect[2] + rect[4]
  local margin = math.min(16, 0.1 * height)
  if top >= y and bottom <= y + height then
    return y
  elseif top < y or bottom - top > height - 2 * margin then
    return top - margin
  end
  return bottom - height + margin
end

local outlines = {} -- source bufnr -> { tick, symbols, index }

-- Calls done(symbols, index) with the document's outline and frames, asked again after the text changed.
function M.with_outline(bufnr, done)
  local tick = vim.api.nvim_buf_get_changedtick(bufnr)
  local cached = outlines[bufnr]
  if cached and cached.tick == tick then
    return done(cached.symbols, cached.index)
  end
  local symbols, index, answers = nil, nil, 0
  local function answered()
    answers = answers + 1
    if answers == 2 and symbols and index then
      outlines[bufnr] = { tick = tick, symbols = symbols, index = index }
      done(symbols, index)
    end
  end
  client.request(bufnr, 'textDocument/documentSymbol', { textDocument = { uri = client.uri(bufnr) } }, function(r)
    symbols = type(r) == 'table' and r or {}
    answered()
  end, function() end)
  local params = client.target(bufnr)
  params.includeContent = true
  client.request(bufnr, 'skeleton/layers', params, function(r)
    index = M.index(type(r) == 'table' and r.layers or {})
    answered()
  end, function() end)
end

function M.forget(bufnr)
  outlines[bufnr] = nil
end

return M
