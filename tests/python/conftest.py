# Shared set-up of the Python module's tests: where the ddz binary and the source tree are (ctest
# passes them in the environment), and a helper that runs the binary for parity checks.
import json
import os
import pathlib
import subprocess

import pytest

SOURCE_DIR = pathlib.Path(os.environ.get("DDZ_SOURCE_DIR", pathlib.Path(__file__).resolve().parents[2]))
BINARY = os.environ.get("DDZ_BINARY", str(SOURCE_DIR / "build" / "ddz"))
PRETRAINED = SOURCE_DIR / "models" / "pretrained" / "agent.ddz"


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
