# Shared set-up of the Python module's tests: where the ddz binary, the source tree and RLCard are
# (ctest passes them in the environment), and a helper that runs the binary for parity checks.
import json
import os
import pathlib
import subprocess
import sys

import pytest

SOURCE_DIR = pathlib.Path(os.environ.get("DDZ_SOURCE_DIR", pathlib.Path(__file__).resolve().parents[2]))
BINARY = os.environ.get("DDZ_BINARY", str(SOURCE_DIR / "build" / "ddz"))
PRETRAINED = SOURCE_DIR / "models" / "pretrained" / "agent.ddz"
# RLCard's Python package, for the tests that run its own code against ddz.Env: never part of the
# project; CMake passes DDZ_RLCARD_DIR, else ../shared/thirdparty/rlcard next to the source tree.
RLCARD_DIR = pathlib.Path(os.environ.get("DDZ_RLCARD_DIR") or SOURCE_DIR.parent / "shared" / "thirdparty" / "rlcard")
RLCARD_MISSING = (f"RLCard is not at {RLCARD_DIR} (set DDZ_RLCARD_DIR to a checkout of "
                  "https://github.com/datamllab/rlcard, or pip install rlcard)")
if (RLCARD_DIR / "rlcard").is_dir() and str(RLCARD_DIR) not in sys.path:
    sys.path.insert(0, str(RLCARD_DIR))
    # for the processes RLCard's DMC spawns
    os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(RLCARD_DIR), os.environ.get("PYTHONPATH")]))


def run_ddz(*args, expect_ok=True):
    """Runs the ddz binary; returns its stdout parsed as JSON when it prints one object."""
    proc = subprocess.run([BINARY, *map(str, args)], capture_output=True, text=True, timeout=300)
    if expect_ok:
        assert proc.returncode == 0, proc.stderr
    return proc


def run_ddz_json(*args):
    return json.loads(run_ddz(*args).stdout)


@pytest.fixture
def ddz_binary():
    if not os.path.exists(BINARY):
        pytest.fail(f"the ddz binary is missing at {BINARY} (build it first)")
    return BINARY
