-- :SkeletonShow, :SkeletonUpdate, :SkeletonHide, :SkeletonTree, and their arguments.
local client = require('skeleton.client')
local preview = require('skeleton.preview')
local util = require('skeleton.util')

local M = {}

local function source_buffer()
  return preview.source_of(vim.api.nvim_get_current_buf())
end

-- A session-clock time as a person reads it: seconds with two decimals.
local function clock(seconds)
  return string.format('%.2f s on the session clock', tonumber(seconds) or 0)
end

-- The outcome of a skeleton/* request, in one line. `params` are the request's: a delayed show says when it
-- runs from now (its delay) as well as on the session clock.
local function describe(method, result, params)
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
  if tonumber(result.at) then
    local delay = type(params) == 'table' and tonumber(params.delay)
    if delay then
      text = text .. string.format(' in %.2f s (at %s)', delay, clock(result.at))
    else
      text = text .. ' at ' .. clock(result.at)
    end
  end
  if tonumber(result['until']) then
    text = text .. ' until ' .. clock(result['until'])
  end
  return text
end

local DIRECTIONS = { 'leftRight', 'rightLeft', 'topBottom', 'bottomTop', 'topLeftBottomRight', 'bottomRightTopLeft' }

-- Each argument is a word (solid, gradient, animated) or key=value. A value is sent as it is written, but for
-- `tonumber` keys (seconds), `gradient` (comma-separated colours become a list) and `transition` (a number
-- of seconds, or a name).
local function number(v)
  return tonumber(v), 'a number of seconds'
end
local VALUES = {
  node = function(v)
    return v
  end,
  color = function(v)
    return v
  end,
  gradient = function(v)
    return vim.split(v, ',', { plain = true })
  end,
  animation = function(v)
    return v
  end,
  transition = function(v)
    return tonumber(v) or ((v == 'none' or v == 'crossDissolve') and v or nil), 'none, crossDissolve or seconds'
  end,
  delay = number,
  minimumDuration = number,
}

-- What each command takes: its words and its keys (the members of its skeleton/* request).
M.specs = {
  show = { words = { 'solid', 'gradient', 'animated' }, keys = { 'node', 'color', 'gradient', 'animation', 'delay', 'transition', 'minimumDuration' } },
  update = { words = { 'solid', 'gradient', 'animated' }, keys = { 'node', 'color', 'gradient', 'animation' } },
  hide = { words = {}, keys = { 'node', 'transition' } },
}
M.show_words = M.specs.show.words

-- Parses a command's arguments into its request's params (or nil, error).
function M.parse_args(kind, args)
  local spec = M.specs[kind]
  local params = {}
  for _, word in ipairs(args) do
    local key, value = word:match('^([%w]+)=(.*)$')
    if key then
      if not vim.tbl_contains(spec.keys, key) then
        return nil, 'unknown option `' .. key .. '` (expected ' .. table.concat(spec.keys, '=, ') .. '=)'
      end
      local parsed, expected = VALUES[key](value)
      if parsed == nil or value == '' then
        return nil, key .. '=' .. value .. ': expected ' .. (expected or 'a value')
      end
      params[key] = parsed
    elseif vim.tbl_contains(spec.words, word) then
      if word == 'animated' then
        params.animated = true
      else
        params.type = word
      end
    else
      local expected = vim.list_extend(vim.deepcopy(spec.words), vim.tbl_map(function(k)
        return k .. '='
      end, spec.keys))
      return nil, 'unknown argument `' .. word .. '` (expected ' .. table.concat(expected, ', ') .. ')'
    end
  end
  return params
end

-- Kept for callers of the 0.1 API.
function M.parse_show_args(args)
  return M.parse_args('show', args)
end

-- Node references of the current document, for completing node= (asks the daemon, at most 0.5 s).
local function references(bufnr)
  local c = client.get()
  if not c or not vim.lsp.buf_is_attached(bufnr, c.id) then
    return {}
  end
  local answer = c.request_sync('skeleton/treeDescription', { uri = client.uri(bufnr) }, 500, bufnr)
  local refs = {}
  local function walk(node)
    if type(node) ~= 'table' then
      return
    end
    if node.reference then
      table.insert(refs, node.reference)
    end
    for _, child in ipairs(node.children or {}) do
      walk(child)
    end
  end
  walk(answer and answer.result and answer.result.tree)
  return refs
end

-- Completion for a command's arguments: the words and key= not given yet, and the values of a key.
function M.complete(kind, lead, line)
  local spec = M.specs[kind]
  local key, partial = lead:match('^([%w]+)=(.*)$')
  local candidates = {}
  if key then
    local values = {}
    if key == 'node' then
      values = references(source_buffer())
    elseif key == 'animation' then
      values = vim.list_extend({ 'pulse' }, DIRECTIONS)
    elseif key == 'transition' then
      values = { 'none', 'crossDissolve' }
    elseif key == 'color' then
      values = { 'skeletonDefault' }
    end
    for _, v in ipairs(values) do
      table.insert(candidates, key .. '=' .. v)
    end
    lead = key .. '=' .. partial
  else
    local given = {}
    for _, word in ipairs(vim.split(line, '%s+')) do
      given[word] = true
    end
    for _, w in ipairs(spec.words) do
      -- solid and gradient exclude each other; nothing is offered twice.
      local is_type = w == 'solid' or w == 'gradient'
      if not given[w] and not (is_type and (given.solid or given.gradient)) then
        table.insert(candidates, w)
      end
    end
    for _, k in ipairs(spec.keys) do
      if not line:find('%f[%w]' .. k .. '=', 1) then
        table.insert(candidates, k .. '=')
      end
    end
  end
  return vim.tbl_filter(function(c)
    return c:sub(1, #lead) == lead
  end, candidates)
end

-- Sends skeleton/<kind> with the parsed arguments; the outcome is told, and the preview's title follows it.
local AFTER = { shown = 'shown', scheduled = 'scheduled', updated = 'shown', hidden = 'hidden', cancelledPendingShow = 'hidden' }

local function run(kind, args)
  local bufnr = source_buffer()
  local params, err = M.parse_args(kind, args or {})
  if not params then
    util.error(':Skeleton' .. kind:sub(1, 1):upper() .. kind:sub(2) .. ': ' .. err)
    return
  end
  params.uri = client.uri(bufnr)
  params.scene = client.scene(bufnr)
  local method = 'skeleton/' .. kind
  client.request(bufnr, method, params, function(result)
    util.notify(kind .. ': ' .. describe(method, result, params))
    local after = type(result) == 'table' and AFTER[result.outcome]
    -- A hide's skeleton stays until its transition ends (didDisappear says when).
    if after and not (kind == 'hide' and result.outcome == 'hidden') then
      preview.set_state(params.uri, after)
    end
  end)
end

function M.show(args)
  run('show', args)
end

function M.update(args)
  run('update', args)
end

function M.hide(args)
  run('hide', args)
end

function M.tree()
  local bufnr = source_buffer()
  local name = vim.api.nvim_buf_get_name(bufnr)
  client.request(bufnr, 'skeleton/treeDescription', client.target(bufnr), function(result)
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

-- One line per scene: "ID  title  class NAME  shows TYPE[, animated]  (initial)".
function M.describe_scene(scene)
  local line = scene.id .. '  ' .. (scene.title or '')
  if scene.class then
    line = line .. '  class ' .. scene.class
  end
  if type(scene.show) == 'table' then
    line = line .. '  shows ' .. tostring(scene.show.type) .. (scene.show.animated and ', animated' or '')
  end
  return line .. (scene.initial and '  (initial)' or '')
end

-- :SkeletonScene [ID]: the scene the commands and the preview are about. With an ID, that scene ("" or
-- "initial": the initial one again); without, a choice among the document's scenes (skeleton/scenes).
function M.scene(args)
  local bufnr = source_buffer()
  local function choose(id)
    if id == 'initial' then
      id = ''
    end
    vim.api.nvim_buf_set_var(bufnr, 'skeleton_scene', id)
    util.notify('scene: ' .. (id == '' and 'the initial scene' or id))
    preview.scene_changed(bufnr)
  end
  if args and args[1] then
    choose(args[1])
    return
  end
  client.request(bufnr, 'skeleton/scenes', { uri = client.uri(bufnr) }, function(scenes)
    if type(scenes) ~= 'table' or #scenes == 0 then
      util.error('skeleton/scenes: no scene')
      return
    end
    vim.ui.select(scenes, { prompt = 'Scene', format_item = M.describe_scene }, function(scene)
      if scene then
        choose(scene.id)
      end
    end)
  end)
end

-- The scene ids of the current buffer's document, for <Tab> after :SkeletonScene.
function M.complete_scene(lead)
  local bufnr = source_buffer()
  local c = client.get()
  if not c then
    return {}
  end
  local answers = vim.lsp.buf_request_sync(bufnr, 'skeleton/scenes', { uri = client.uri(bufnr) }, 1000) or {}
  local ids = {}
  for _, answer in pairs(answers) do
    for _, scene in ipairs(type(answer.result) == 'table' and answer.result or {}) do
      if type(scene.id) == 'string' and scene.id:sub(1, #lead) == lead then
        table.insert(ids, scene.id)
      end
    end
  end
  return ids
end

return M
