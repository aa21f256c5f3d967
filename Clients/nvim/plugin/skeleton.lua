-- skeleton.nvim: commands and autocommands. The work is done lazily in lua/skeleton/.
if vim.g.loaded_skeleton then
  return
end
vim.g.loaded_skeleton = true

if vim.fn.has('nvim-0.7') ~= 1 then
  vim.notify('[skeleton] needs Neovim 0.7 or newer', vim.log.levels.ERROR)
  return
end

local command = vim.api.nvim_create_user_command

-- The show, update and hide commands take words and key=value options, completed with <Tab>.
local function skeleton_command(name, kind, desc)
  command(name, function(o)
    require('skeleton')[kind](o.fargs)
  end, {
    nargs = '*',
    desc = desc,
    complete = function(lead, line)
      return require('skeleton.commands').complete(kind, lead, line)
    end,
  })
end
skeleton_command('SkeletonShow', 'show', 'skeleton/show: [solid|gradient] [animated] [node= color= gradient= animation= delay= transition= minimumDuration=]')
skeleton_command('SkeletonUpdate', 'update', 'skeleton/update: [solid|gradient] [animated] [node= color= gradient= animation=]')
skeleton_command('SkeletonHide', 'hide', 'skeleton/hide: [node= transition=]')
command('SkeletonTree', function()
  require('skeleton').tree()
end, { desc = "The document's skeleton tree description in a scratch buffer" })
command('SkeletonPreview', function()
  local skeleton = require('skeleton')
  skeleton.preview(require('skeleton.preview').source_of(vim.api.nvim_get_current_buf()))
end, { desc = 'Live preview of this document in a floating window' })
command('SkeletonPreviewClose', function()
  require('skeleton').close_preview(require('skeleton.preview').source_of(vim.api.nvim_get_current_buf()))
end, { desc = 'Close the live preview of this document' })
command('SkeletonScene', function(o)
  require('skeleton.commands').scene(o.fargs)
end, {
  nargs = '?',
  desc = 'The scene of a storyboard or XIB the commands and the preview are about (no argument: choose one)',
  complete = function(lead)
    return require('skeleton.commands').complete_scene(lead)
  end,
})
command('SkeletonRestart', function()
  local client = require('skeleton.client')
  client.stop()
  vim.defer_fn(function()
    require('skeleton').attach(0)
    require('skeleton.preview').resubscribe_all()
  end, 200)
end, { desc = 'Restart skeletond' })

local group = vim.api.nvim_create_augroup('SkeletonAttach', { clear = true })
vim.api.nvim_create_autocmd({ 'BufReadPost', 'BufNewFile', 'BufEnter', 'FileType' }, {
  group = group,
  callback = function(args)
    local skeleton = require('skeleton')
    if require('skeleton.config').get().autostart then
      skeleton.attach(args.buf)
    end
  end,
})
-- Neovim watches no files: a file of the app written here is told to the daemon, whose workspace index reads it
-- again (a storyboard open in another buffer then links with the new code).
vim.api.nvim_create_autocmd('BufWritePost', {
  group = group,
  pattern = { '*.swift', '*.storyboard', '*.xib', '*.colorset/Contents.json' },
  callback = function(args)
    require('skeleton.client').file_written(vim.api.nvim_buf_get_name(args.buf))
  end,
})
vim.api.nvim_create_autocmd('ColorScheme', {
  group = group,
  callback = function()
    require('skeleton.highlights').redefine_all()
  end,
})
