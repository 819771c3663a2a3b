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


def test_the_backends_wheel_records_every_file_with_its_hash(tmp_path, monkeypatch):
    """The wheel python/build_backend.py writes: RECORD names each file with its sha256 and size (pip
    uninstalls by it), the tag is this interpreter's, the version CMakeLists.txt's."""
    build_dir = pathlib.Path(BINARY).resolve().parent
    if not (build_dir / "CMakeCache.txt").exists():
        pytest.skip(f"no CMake build directory at {build_dir} to reuse")
    monkeypatch.setenv("DDZ_BUILD_DIR", str(build_dir))
    monkeypatch.syspath_prepend(str(SOURCE_DIR / "python"))
    import base64
    import hashlib
    import re
    import sysconfig
    import zipfile

    import build_backend

    version = re.search(r"project\(ddz VERSION ([0-9.]+)", (SOURCE_DIR / "CMakeLists.txt").read_text()).group(1)
    name = build_backend.build_wheel(str(tmp_path))
    tag = f"cp{sys.version_info[0]}{sys.version_info[1]}-cp{sys.version_info[0]}{sys.version_info[1]}-" + \
        sysconfig.get_platform().replace("-", "_")  # e.g. cp311-cp311-linux_x86_64
    assert name == f"ddz-{version}-{tag}.whl"
    with zipfile.ZipFile(tmp_path / name) as wheel:
        names = set(wheel.namelist())
        record = wheel.read(f"ddz-{version}.dist-info/RECORD").decode().splitlines()
        listed = set()
        for line in record:
            path, digest, size = line.rsplit(",", 2)
            listed.add(path)
            if path.endswith("RECORD"):
                assert digest == "" and size == ""
                continue
            data = wheel.read(path)
            assert digest == "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            assert int(size) == len(data)
        assert listed == names
        assert {"ddz/__init__.py", "ddz/__init__.pyi", "ddz/py.typed", "ddz/pretrained/agent.ddz"} <= names
        assert any(n.startswith("ddz/_ddz.cpython-") and n.endswith(".so") for n in names)
        metadata = wheel.read(f"ddz-{version}.dist-info/METADATA").decode()
        assert f"Version: {version}\n" in metadata and "Requires-Dist: numpy\n" in metadata
        assert f"Tag: {tag}\n" in wheel.read(f"ddz-{version}.dist-info/WHEEL").decode()
    meta_dir = tmp_path / "meta"
    assert build_backend.prepare_metadata_for_build_wheel(str(meta_dir)) == f"ddz-{version}.dist-info"
    assert (meta_dir / f"ddz-{version}.dist-info" / "METADATA").read_text() == metadata
