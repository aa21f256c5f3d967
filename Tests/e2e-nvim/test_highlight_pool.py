"""The preview's highlight pool stays bounded and never miscolours a visible cell, under far more colours
than it has groups (headless Neovim, synthetic `cells` frames; no daemon needed)."""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

PLUGIN = Path(__file__).resolve().parents[2] / "Clients" / "nvim"

pytestmark = pytest.mark.skipif(shutil.which("nvim") is None, reason="needs `nvim` on PATH (Debian package neovim)")

SCRIPT = r"""
vim.opt.runtimepath:prepend(%(plugin)s)
local config = require('skeleton.config')
local out = {}
local function check(pool_size, columns, rows, frames, seed)
  config.set{ highlights = { pool_size = pool_size, quantize = 4 } }
  local highlights = require('skeleton.highlights')
  local canvas = require('skeleton.canvas')
  local buf = vim.api.nvim_create_buf(false, true)
  local ns = vim.api.nvim_create_namespace('pool-test')
  local c = canvas.new(buf, ns)
  math.randomseed(seed)
  local mismatches, last = 0, nil
  for f = 1, frames do
    local runs = {}
    for y = 0, rows - 1 do
      -- keyframes now and then, else a random run per row
      local x0 = (f == 1 or f %% 10 == 0) and 0 or math.random(0, columns - 1)
      local n = (f == 1 or f %% 10 == 0) and columns or math.random(1, columns - x0)
      local fg, bg = {}, {}
      for k = 1, n do
        fg[k] = string.format('#%%06X', math.random(0, 0xFFFFFF))
        bg[k] = string.format('#%%06X', math.random(0, 0xFFFFFF))
      end
      runs[#runs + 1] = { x = x0, y = y, fg = fg, bg = bg }
    end
    c:apply({ columns = columns, rows = rows, keyframe = (f == 1 or f %% 10 == 0), cells = runs })
    last = runs
  end
  -- Every visible cell's group holds that cell's quantized colours (unless the pool was exhausted).
  for y = 1, rows do
    for x = 1, columns do
      local g = c.cells[y][x]
      local hl = vim.api.nvim_get_hl_by_name(highlights.name(g), true)
      if not hl.foreground or not hl.background then mismatches = mismatches + 1 end
    end
  end
  local defined = 0
  for i = 1, pool_size + 10 do
    if vim.fn.hlexists('SkeletonCell' .. i) == 1 then defined = i end
  end
  out[#out + 1] = { pool = pool_size, defined = defined, stats = vim.deepcopy(highlights.stats),
                    in_use = highlights.in_use(), mismatches = mismatches,
                    extmarks = #vim.api.nvim_buf_get_extmarks(buf, ns, 0, -1, {}) }
  c:release()
  out[#out].in_use_after_release = highlights.in_use()
end
check(64, 40, 10, 60, 1)
vim.fn.writefile({ vim.fn.json_encode(out) }, %(result)s)
vim.cmd('qa!')
"""

VERIFY = r"""
vim.opt.runtimepath:prepend(%(plugin)s)
local config = require('skeleton.config')
config.set{ highlights = { pool_size = 512, quantize = 4 } }
local highlights = require('skeleton.highlights')
local c = require('skeleton.canvas').new(vim.api.nvim_create_buf(false, true), vim.api.nvim_create_namespace('v'))
math.randomseed(7)
local columns, rows, wrong = 30, 8, 0
local want = {}
for f = 1, 200 do
  -- few colours per frame (fits the pool), many over time: groups must be recycled correctly
  local palette = {}
  for i = 1, 12 do palette[i] = string.format('#%%06X', math.random(0, 0xFFFFFF)) end
  local runs = {}
  for y = 0, rows - 1 do
    local x0 = f == 1 and 0 or math.random(0, columns - 1)
    local n = f == 1 and columns or math.random(1, columns - x0)
    local fg, bg = {}, {}
    for k = 1, n do
      fg[k] = palette[math.random(1, 12)]; bg[k] = palette[math.random(1, 12)]
      want[y * columns + x0 + k - 1] = { highlights.color(fg[k]), highlights.color(bg[k]) }
    end
    runs[#runs + 1] = { x = x0, y = y, fg = fg, bg = bg }
  end
  c:apply({ columns = columns, rows = rows, keyframe = f == 1, cells = runs })
  for y = 0, rows - 1 do
    for x = 0, columns - 1 do
      local hl = vim.api.nvim_get_hl_by_name(highlights.name(c.cells[y + 1][x + 1]), true)
      local w = want[y * columns + x]
      if hl.foreground ~= w[1] or hl.background ~= w[2] then wrong = wrong + 1 end
    end
  end
end
vim.fn.writefile({ vim.fn.json_encode({ wrong = wrong, stats = highlights.stats }) }, %(result)s)
vim.cmd('qa!')
"""


def run_lua(tmp_path: Path, template: str) -> dict:
    script = tmp_path / "script.lua"
    result = tmp_path / "result.json"
    script.write_text(template % {"plugin": json.dumps(str(PLUGIN)), "result": json.dumps(str(result))})
    proc = subprocess.run(["nvim", "--headless", "-u", "NONE", "-i", "NONE", "-n", "-c", f"luafile {script}"],
                          capture_output=True, text=True, timeout=120)
    assert result.exists(), f"nvim failed: {proc.stdout}\n{proc.stderr}"
    return json.loads(result.read_text())


def test_pool_is_bounded_under_random_colours(tmp_path: Path):
    [r] = run_lua(tmp_path, SCRIPT)
    assert r["defined"] == r["pool"] == 64  # never a group beyond the pool
    assert r["stats"]["borrowed"] > 0  # 400 random pairs on screen: new pairs borrow
    assert r["mismatches"] == 0
    assert r["extmarks"] > 0
    assert r["in_use_after_release"] == 0


def test_recycled_groups_never_miscolour_visible_cells(tmp_path: Path):
    r = run_lua(tmp_path, VERIFY)
    assert r["stats"]["recycled"] > 0, r  # the pool was reused
    assert r["stats"]["borrowed"] == 0, r
    assert r["wrong"] == 0, r
