-- skeleton.nvim: skeletond in Neovim (0.7+). See Clients/nvim/README.md.
local config = require('skeleton.config')
local client = require('skeleton.client')
local preview = require('skeleton.preview')

local M = {}

client.handlers['preview/frame'] = preview.on_frame
client.handlers['preview/ended'] = preview.on_ended
-- The last skeleton/didChangeState per document uri ({node, state, time}), and a User autocommand.
local states = {}
client.handlers['skeleton/didChangeState'] = function(_, params)
  if type(params) == 'table' and params.uri then
    states[params.uri] = { node = params.node, state = params.state, time = params.time }
    local after = preview.state_after[params.state]
    if after then
      preview.set_state(params.uri, after)
    end
    pcall(vim.cmd, 'doautocmd <nomodeline> User SkeletonStateChanged')
  end
end

-- SkeletonView's last notification for a buffer's document: willAppear, didAppear, ..., didDisappear.
function M.state(bufnr)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  return states[client.uri(bufnr)]
end
client.on_exit(preview.on_client_exit)

function M.setup(opts)
  config.set(opts)
  -- Attach to skeleton buffers that were opened before setup ran.
  if config.get().autostart then
    for _, bufnr in ipairs(vim.api.nvim_list_bufs()) do
      if vim.api.nvim_buf_is_loaded(bufnr) and client.is_skeleton_buffer(bufnr) then
        client.attach(bufnr)
      end
    end
  end
end

M.attach = client.attach
M.preview = preview.open
M.close_preview = preview.close
M.status = preview.status

function M.show(args)
  require('skeleton.commands').show(args)
end

function M.update(args)
  require('skeleton.commands').update(args)
end

function M.hide(args)
  require('skeleton.commands').hide(args)
end

function M.tree()
  require('skeleton.commands').tree()
end

return M
