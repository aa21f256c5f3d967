# Shared helpers for scripts/*. Source it; it defines functions only.

# Puts the Swift toolchain on PATH when it is installed but not on PATH.
ensure_swift_on_path() {
  if ! command -v swift >/dev/null 2>&1; then
    for candidate in /opt/swift/usr/bin /usr/share/swift/usr/bin; do
      [ -x "$candidate/swift" ] && export PATH="$candidate:$PATH" && return 0
    done
  fi
}

# A titled step on stderr. Each step's wall time is kept, and `step_timings` prints them all (scripts/test ends with
# it, so a slow stage shows in every run's log).
STEP_NAME=""
STEP_START=0
STEP_TIMES=()
step() {
  step_close
  STEP_NAME="$*"
  STEP_START=$SECONDS
  printf '\n== %s ==\n' "$*" >&2
}
step_close() {
  [ -n "$STEP_NAME" ] && STEP_TIMES+=("$(printf '%6d s  %s' $((SECONDS - STEP_START)) "$STEP_NAME")")
  STEP_NAME=""
}
step_timings() {
  step_close
  printf '\n== stage timings (wall clock) ==\n' >&2
  printf '%s\n' "${STEP_TIMES[@]}" >&2
  printf '%6d s  in all\n' "$SECONDS" >&2
}

# A Python virtual environment with the test requirements, in .build/venv (reused when up to date).
python_env() {
  VENV="$PWD/.build/venv"
  local requirements="Tests/e2e-python/requirements.txt"
  if [ ! -x "$VENV/bin/python" ]; then
    python3 -m venv "$VENV" 2>/dev/null || python3 -m virtualenv "$VENV"
  fi
  if [ -f "$requirements" ] && ! cmp -s "$requirements" "$VENV/.requirements" 2>/dev/null; then
    "$VENV/bin/python" -m pip install -q --disable-pip-version-check -r "$requirements"
    cp "$requirements" "$VENV/.requirements"
  fi
}

# The three pictures scripts/demo writes for an example, one path a line: DIR/NAME.png, DIR/NAME.gif and
# DIR/NAME-matrix.png, where NAME is the file's whole name (extension kept), so examples that share a stem
# (profile-card.skeleton.json, profile-card.xib) never write the same file.
demo_outputs() {
  local name
  name=$(basename "$2")
  printf '%s\n' "$1/$name.png" "$1/$name.gif" "$1/$name-matrix.png"
}
