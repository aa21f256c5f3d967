-- Configuration: defaults merged with what setup{} receives.
local M = {}

M.defaults = {
  -- How to start the daemon (a list: program and arguments).
  cmd = { 'skeletond' },
  -- Attach automatically to buffers whose name matches one of these Lua patterns.
  autostart = true,
  patterns = { '%.skeleton%.json$', '%.storyboard$', '%.xib$' },
  -- Sent as initializationOptions (e.g. { clock = 'manual' } or motion options).
  init_options = nil,
  -- Called as on_attach(client, bufnr) after the plugin's own (which sets 'omnifunc'): your LSP key maps.
  on_attach = nil,
  -- What the plugin shows that Neovim 0.7's client does not: inlay hints (end-of-line virtual text), colour strings
  -- in their colour, folding ('foldmethod' expr in the buffer's windows; everything open at first).
  decorations = { inlay_hints = true, colors = true, folding = true },
  -- Milliseconds the built-in client waits before sending didChange.
  debounce_text_changes = 50,
  preview = {
    -- Width of the floating window: a fraction of the editor's columns (<= 1) or a number of columns.
    width = 0.45,
    -- Largest height: a fraction of the editor's lines (<= 1) or a number of rows.
    max_height = 0.8,
    border = 'rounded',
    max_fps = 30,
    window = 2, -- frames in flight (preview/subscribe's `window`)
    scale = 1,
    -- Outline every view's frame (preview/subscribe's `outlines`), so a screen shows its structure before a show.
    outlines = true,
    -- A canvas taller than the window shows at its width: scroll over it (a viewport), keeping the node at the cursor
    -- in view, when the daemon can (preview/viewport); off, or with an older daemon, the canvas shrinks to fit.
    follow_cursor = true,
  },
  highlights = {
    -- Colours are rounded to multiples of this step per channel before becoming highlight groups.
    quantize = 4,
    -- Highlight groups the preview may define (Neovim 0.7 breaks past ~20,000 groups).
    pool_size = 2048,
  },
}

M.options = vim.deepcopy(M.defaults)

function M.set(opts)
  M.options = vim.tbl_deep_extend('force', vim.deepcopy(M.defaults), opts or {})
  if type(M.options.cmd) == 'string' then
    M.options.cmd = { M.options.cmd }
  end
  -- A list replaces the default list instead of being merged index by index.
  if opts and opts.patterns then
    M.options.patterns = opts.patterns
  end
  if opts and opts.cmd and type(opts.cmd) == 'table' then
    M.options.cmd = opts.cmd
  end
  return M.options
end

function M.get()
  return M.options
end

return M
