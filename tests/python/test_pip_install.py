# `pip install ./python` into a fresh virtual environment, offline (--no-index: pip's isolated build
# must need nothing from an index): `import ddz` then works without PYTHONPATH, from the venv, with
# the shipped network and the stubs installed. The CMake build directory of this test run is reused
# (DDZ_BUILD_DIR), so the test checks the packaging rather than compiling everything again.
import os
import pathlib
import subprocess
import sys

import pytest

from conftest import BINARY, SOURCE_DIR

CHECK = """
import os, pathlib, sys
import ddz
here = pathlib.Path(ddz.__file__).parent
assert here.is_relative_to(pathlib.Path(sys.prefix)), here
assert (here / "__init__.pyi").exists() and (here / "py.typed").exists()
assert pathlib.Path(os.environ["DDZ_PRETRAINED"]) == here / "pretrained" / "agent.ddz"
game = ddz.Game(seed=1)
move = ddz.Agent("pretrained-net").play(game.observation())
assert move in game.legal_moves()
env = ddz.make(config={"seed": 1})
state, seat = env.reset()
print("ok", move, state["obs"].shape)
"""


def test_pip_installs_the_package_into_a_fresh_venv(tmp_path):
    try:
        import ensurepip  # noqa: F401  (Debian: python3-venv)
    except ImportError:
        pytest.skip("python3-venv is not installed (no ensurepip)")
    build_dir = pathlib.Path(BINARY).resolve().parent
    if not (build_dir / "CMakeCache.txt").exists():
        pytest.skip(f"no CMake build directory at {build_dir} to reuse")
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)], check=True, timeout=120)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "DDZ_PRETRAINED")}
    env["DDZ_BUILD_DIR"] = str(build_dir)
    pip = subprocess.run([str(venv / "bin" / "pip"), "install", "--no-index", str(SOURCE_DIR / "python")],
                         capture_output=True, text=True, env=env, timeout=600)
    assert pip.returncode == 0, pip.stdout + pip.stderr
    run = subprocess.run([str(venv / "bin" / "python"), "-c", CHECK], capture_output=True, text=True, env=env,
                         cwd=tmp_path, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.startswith("ok ") and "(790,)" in run.stdout
