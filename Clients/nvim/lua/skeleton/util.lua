-- Small helpers shared by the modules.
local M = {}

local prefix = '[skeleton] '

function M.notify(msg, level)
  vim.notify(prefix .. msg, level or vim.log.levels.INFO)
end

function M.error(msg)
  M.notify(msg, vim.log.levels.ERROR)
end

function M.warn(msg)
  M.notify(msg, vim.log.levels.WARN)
end

-- A readable line for a JSON-RPC error object (LSP's ResponseError), naming data.pointer when there is one.
function M.format_error(err)
  if type(err) ~= 'table' then
    return tostring(err)
  end
  local text = tostring(err.message or 'error')
  if err.code then
    text = text .. ' (' .. tostring(err.code) .. ')'
  end
  if type(err.data) == 'table' and err.data.pointer and not text:find(err.data.pointer, 1, true) then
    text = text .. ' at ' .. tostring(err.data.pointer)
  end
  return text
end

-- Resolves a size that is either a fraction (<= 1) of `total` or an absolute number.
function M.resolve_size(value, total)
  if value <= 1 then
    return math.floor(total * value + 0.5)
  end
  return math.floor(value)
end

function M.clamp(v, lo, hi)
  if v < lo then
    return lo
  end
  if v > hi then
    return hi
  end
  return v
end

return M
