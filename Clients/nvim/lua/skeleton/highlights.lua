-- A bounded pool of highlight groups for preview cells.
--
-- Each cell needs a foreground (top half) and a background (bottom half). Colours are quantized, and each
-- (fg, bg) pair gets a group named SkeletonCell<n> with n from a fixed range. Groups are reference counted
-- by the cells showing them; a group no cell shows any more is recycled for a new pair (redefining a group
-- nobody shows changes nothing on screen). Neovim 0.7 fails past ~20,000 groups, so the pool never grows
-- beyond `pool_size`; when every group is in use, a new pair borrows the nearest existing one.
local config = require('skeleton.config')

local M = {}

local names = {} -- index -> group name
local refs = {} -- index -> number of cells showing it
local key_of = {} -- index -> pair key
local index_of = {} -- pair key -> index
local free = {} -- queue of indices whose count reached 0 (checked again when popped)
local free_head, free_tail = 1, 0
local queued = {} -- index -> true while it sits in `free` (keeps the queue no longer than the pool)
local created = 0
local color_cache, color_cache_size = {}, 0

M.stats = { defined = 0, recycled = 0, borrowed = 0 }

local function quantize_channel(c, step)
  local q = math.floor(c / step + 0.5) * step
  if q > 255 then
    q = 255
  end
  return q
end

-- "#RRGGBB" -> quantized 24-bit integer (cached: a preview uses few distinct strings at a time).
function M.color(hex)
  local v = color_cache[hex]
  if v then
    return v
  end
  local n = tonumber(hex:sub(2, 7), 16) or 0
  local step = config.get().highlights.quantize or 1
  if step > 1 then
    local r = quantize_channel(math.floor(n / 65536) % 256, step)
    local g = quantize_channel(math.floor(n / 256) % 256, step)
    local b = quantize_channel(n % 256, step)
    v = r * 65536 + g * 256 + b
  else
    v = n
  end
  if color_cache_size >= 8192 then
    color_cache, color_cache_size = {}, 0
  end
  color_cache[hex] = v
  color_cache_size = color_cache_size + 1
  return v
end

local function define(i, key)
  local fg = math.floor(key / 16777216)
  local bg = key % 16777216
  vim.api.nvim_set_hl(0, names[i], { foreground = fg, background = bg })
end

local function distance(a, b)
  local d = 0
  for _ = 1, 2 do
    local ca, cb = a % 16777216, b % 16777216
    a, b = math.floor(a / 16777216), math.floor(b / 16777216)
    for _ = 1, 3 do
      local x = (ca % 256) - (cb % 256)
      d = d + x * x
      ca, cb = math.floor(ca / 256), math.floor(cb / 256)
    end
  end
  return d
end

local function pop_free()
  while free_head <= free_tail do
    local i = free[free_head]
    free[free_head] = nil
    free_head = free_head + 1
    queued[i] = nil
    if refs[i] == 0 then
      return i
    end
  end
  free_head, free_tail = 1, 0
  return nil
end

-- The group index for a (fg, bg) pair of "#RRGGBB" strings, counted as used by one more cell.
function M.acquire(fg_hex, bg_hex)
  local key = M.color(fg_hex) * 16777216 + M.color(bg_hex)
  local i = index_of[key]
  if i then
    refs[i] = refs[i] + 1
    return i
  end
  local size = config.get().highlights.pool_size or 2048
  if created < size then
    created = created + 1
    i = created
    names[i] = 'SkeletonCell' .. i
    M.stats.defined = created
  else
    i = pop_free()
    if i then
      index_of[key_of[i]] = nil
      M.stats.recycled = M.stats.recycled + 1
    else
      -- Every group is on screen: borrow the nearest one.
      local best, best_d = 1, math.huge
      for j = 1, created do
        local d = distance(key_of[j], key)
        if d < best_d then
          best, best_d = j, d
        end
      end
      M.stats.borrowed = M.stats.borrowed + 1
      refs[best] = refs[best] + 1
      return best
    end
  end
  key_of[i] = key
  index_of[key] = i
  refs[i] = 1
  define(i, key)
  return i
end

function M.release(i)
  local r = refs[i] - 1
  refs[i] = r
  if r == 0 and not queued[i] then
    queued[i] = true
    free_tail = free_tail + 1
    free[free_tail] = i
  end
end

function M.name(i)
  return names[i]
end

function M.in_use()
  local n = 0
  for i = 1, created do
    if refs[i] > 0 then
      n = n + 1
    end
  end
  return n
end

-- Groups are global: define them again after a colour scheme cleared them.
function M.redefine_all()
  for i = 1, created do
    define(i, key_of[i])
  end
end

return M
