# Shared by the ship scripts (pretrained_ship.sh): finding a run's newest
# checkpoint and copying what a resume needs, each written through a temporary name then renamed.
# Sourced, not run: `. "$(dirname "$0")/ship_common.sh"`.

# Prints the newest checkpoint's step name (ckpt-NNNNNNNN) of run directory $1, or exits 2.
newest_checkpoint() {
  local newest
  newest=$(ls "$1"/checkpoints/ckpt-*.json 2>/dev/null | sort | tail -1)
  if [ -z "$newest" ]; then
    echo "error: $1/checkpoints holds no checkpoint" >&2
    exit 2
  fi
  basename "$newest" .json
}

# copy_run_state RUN STEP DEST FILE...: DEST/ gets RUN's FILEs and DEST/checkpoints/ the
# checkpoint STEP, replacing DEST as a whole only once every copy has succeeded.
copy_run_state() {
  local run=$1 step=$2 dest=$3
  shift 3
  rm -rf "$dest.tmp"
  mkdir -p "$dest.tmp/checkpoints"
  local f
  for f in "$@"; do cp "$run/$f" "$dest.tmp/"; done
  cp "$run/checkpoints/$step".* "$dest.tmp/checkpoints/"
  rm -rf "$dest"
  mv "$dest.tmp" "$dest"
}
