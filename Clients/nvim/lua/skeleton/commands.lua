-- :SkeletonShow, :SkeletonHide, :SkeletonTree.
local client = require('skeleton.client')
local preview = require('skeleton.preview')
local util = require('skeleton.util')

local M = {}

local function source_buffer()
  return preview.source_of(vim.api.nvim_get_current_buf())
end

local function describe(method, result)
  if type(result) ~= 'table' then
    return method .. ': ' .. vim.inspect(result)
  end
  local text = tostring(result.outcome or 'done')
  if type(result.leaves) == 'table' then
    text = text .. ' (' .. #result.leaves .. ' leaves)'
  end
  if result.message then
    text = text .. ': ' .. tostring(result.message)
  end
  if result.at then
    text = text .. ' at ' .. tostring(result.at)
  end
  if result.until_ or result['until'] then
    text = text .. ' until ' .. tostring(result['until'])
  end
  return text
end

M.show_words = { 'solid', 'gradient', 'animated' }

-- Parses ":SkeletonShow [solid|gradient] [animated]" arguments into skeleton/show params (or nil, error).
function M.parse_show_args(args)
  local params = {}
  for _, word in ipairs(args) do
    if word == 'solid' or word == 'gradient' then
      params.type = word
    elseif word == 'animated' then
      params.animated = true
    else
      return nil, 'unknown argument `' .. word .. '` (expected solid, gradient or animated)'
    end
  end
  return params
end

function M.show(args)
  local bufnr = source_buffer()
  local params, err = M.parse_show_args(args or {})
  if not params then
    util.error(':SkeletonShow: ' .. err)
    return
  end
  params.uri = client.uri(bufnr)
  client.request(bufnr, 'skeleton/show', params, function(result)
    util.notify('show: ' .. describe('skeleton/show', result))
  end)
end

function M.hide()
  local bufnr = source_buffer()
  client.request(bufnr, 'skeleton/hide', { uri = client.uri(bufnr) }, function(result)
    util.notify('hide: ' .. describe('skeleton/hide', result))
  end)
end

function M.tree()
  local bufnr = source_buffer()
  local name = vim.api.nvim_buf_get_name(bufnr)
  client.request(bufnr, 'skeleton/treeDescription', { uri = client.uri(bufnr) }, function(result)
    local text = type(result) == 'table' and result.text
    if type(text) ~= 'string' then
      util.error('skeleton/treeDescription: no text in the answer')
      return
    end
    local title = 'skeleton-tree://' .. vim.fn.fnamemodify(name, ':t')
    local buf = vim.fn.bufnr(title)
    if buf == -1 or not vim.api.nvim_buf_is_valid(buf) then
      buf = vim.api.nvim_create_buf(false, true)
      vim.api.nvim_buf_set_name(buf, title)
      vim.api.nvim_buf_set_option(buf, 'bufhidden', 'wipe')
      vim.api.nvim_buf_set_option(buf, 'filetype', 'json')
    end
    vim.api.nvim_buf_set_var(buf, 'skeleton_source', bufnr)
    vim.api.nvim_buf_set_option(buf, 'modifiable', true)
    vim.api.nvim_buf_set_lines(buf, 0, -1, false, vim.split(text, '\n', { plain = true }))
    vim.api.nvim_buf_set_option(buf, 'modifiable', false)
    local win = vim.fn.bufwinid(buf)
    if win == -1 then
      vim.cmd('botright split')
      vim.api.nvim_win_set_buf(0, buf)
    else
      vim.api.nvim_set_current_win(win)
    end
  end)
end

return M
