import sys
from pathlib import Path

# tmuxterm (the tmux terminal and its screen parser) is shared with the Neovim tests.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "e2e-nvim"))
