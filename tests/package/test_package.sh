#!/usr/bin/env bash
# ctest test of the Debian package from `make package`: unpacks it with dpkg-deb -x and runs the
# unpacked `ddz` (version, a short arena, serve, play, web, the shipped agent) as an installed copy would run.
# Usage: test_package.sh DEB VERSION SOURCE_DIR
set -euo pipefail
deb=$1 version=$2 src=$3
fail() { echo "FAIL: $*" >&2; exit 1; }

[ -f "$deb" ] || fail "$deb is missing: run \`make package\` (\`make test\` builds it before ctest)"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Depends: the run-time libraries of ddz only, never the trainer's (LibTorch, OpenBLAS).
depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"
grep -q 'libyaml-cpp' <<<"$depends" || fail "Depends lacks libyaml-cpp: $depends"
grep -q 'libstdc++6' <<<"$depends" || fail "Depends lacks libstdc++6: $depends"
if grep -Eqi 'torch|openblas|blas' <<<"$depends"; then fail "Depends names a training library: $depends"; fi

dpkg-deb -x "$deb" "$tmp"
ddz="$tmp/usr/bin/ddz"
[ -x "$ddz" ] || fail "the package has no executable usr/bin/ddz"
[ -f "$tmp/usr/share/doc/ddz/README.md" ] || fail "the package has no usr/share/doc/ddz/README.md"
ls "$tmp"/usr/share/doc/ddz/docs/*.md >/dev/null || fail "the package has no docs under usr/share/doc/ddz/docs"
if ldd "$ddz" | grep -Eq 'torch|blas'; then fail "usr/bin/ddz links a training library: $(ldd "$ddz")"; fi

out=$("$ddz" --version)
echo "$out"
grep -q "^ddz $version " <<<"$out" || fail "--version does not start with 'ddz $version': $out"
grep -q "portable (x86-64-v2)" <<<"$out" || fail "--version does not say portable (x86-64-v2): $out"
grep -Eq "commit [0-9a-f]{7,}|commit unknown" <<<"$out" || fail "--version names no commit: $out"

# The JSON report (arena/arena_report.cpp); 20 deals, each played twice, are 40 games.
out=$("$ddz" arena --agents heuristic,random --deals 20 --seed 3 --json)
grep -q '"heuristic"' <<<"$out" || fail "arena output does not name heuristic: $out"
grep -q '"random"' <<<"$out" || fail "arena output does not name random: $out"
grep -Eq '"games": ?40\b' <<<"$out" || fail "arena did not play 40 games: $out"
echo "arena heuristic,random: ok"

# serve (one JSON request, docs/protocol.md) and play (a script on stdin) with built-in agents.
request='{"id": 7, "type": "play", "role": "landlord_up", "hand": "34456789TJQKA2XD2", "kitty": "678", "history": [{"role": "landlord", "cards": "33"}, {"role": "landlord_down", "cards": "55"}]}'
out=$("$ddz" serve --agent heuristic <<<"$request")
grep -q '"id":7' <<<"$out" && grep -q '"move"' <<<"$out" || fail "serve did not answer the request with a move: $out"
echo "serve: $out"
out=$(printf 'hint\nquit\n' | "$ddz" play --opponents heuristic --seed 1 2>&1) || fail "play exited with an error: $out"
grep -q 'Hint: ' <<<"$out" || fail "play did not answer 'hint' with a move: $out"
echo "play: ok"

# web: the page and its API come from the binary alone (the assets are embedded); one request each.
port_file="$tmp/web.out"
"$ddz" web --agent heuristic --port 0 >"$port_file" 2>&1 &
web_pid=$!
for _ in $(seq 50); do grep -q 'http://' "$port_file" && break; sleep 0.1; done
port=$(sed -n 's|.*http://127\.0\.0\.1:\([0-9]*\)/.*|\1|p' "$port_file")
[ -n "$port" ] || { kill "$web_pid"; fail "ddz web did not start: $(cat "$port_file")"; }
fetch() {  # GET path -> the whole HTTP answer, over bash's /dev/tcp (no client to install)
  exec 3<>"/dev/tcp/127.0.0.1/$port"
  printf 'GET %s HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n' "$1" >&3
  cat <&3
  exec 3<&-
}
page=$(fetch /)
config=$(fetch /api/config)
kill -TERM "$web_pid"
wait "$web_pid" || fail "ddz web did not exit cleanly on SIGTERM"
grep -q '200 OK' <<<"$page" && grep -q '<title>' <<<"$page" || fail "ddz web did not serve the page: $page"
grep -q '"agent":"heuristic"' <<<"$config" || fail "ddz web did not answer /api/config: $config"
grep -q 'libcpp-httplib' <<<"$depends" || fail "Depends lacks libcpp-httplib (ddz web): $depends"
echo "web: page and API served"

# The shipped agent: an exported .ddz in the source tree must be in the package and must play.
shipped="$tmp/usr/share/ddz/pretrained/agent.ddz"
if [ -f "$src/models/pretrained/agent.ddz" ]; then
  [ -f "$shipped" ] || fail "models/pretrained/agent.ddz exists but the package lacks usr/share/ddz/pretrained/agent.ddz (stale package?)"
  cmp -s "$src/models/pretrained/agent.ddz" "$shipped" || fail "the package's agent.ddz differs from models/pretrained/agent.ddz (stale package?)"
  out=$("$ddz" arena --agents "net:$shipped,random" --deals 10 --seed 3 --json)
  grep -q 'net:' <<<"$out" || fail "arena with the shipped agent does not name it: $out"
  grep -Eq '"games": ?20\b' <<<"$out" || fail "arena with the shipped agent did not play 20 games: $out"
  # The `pretrained-net` kind finds it next to the binary (../share/ddz/pretrained/agent.ddz).
  out=$(env -u DDZ_PRETRAINED "$ddz" arena --agents pretrained-net,random --deals 10 --seed 3 --json)
  grep -Eq '"games": ?20\b' <<<"$out" || fail "arena with pretrained-net did not play 20 games: $out"
  echo "arena with the shipped agent (net:FILE and pretrained-net): ok"
else
  echo "SKIPPED (part): no models/pretrained/agent.ddz in the source tree, so no shipped agent to check"
fi
echo "package ok: $deb"
