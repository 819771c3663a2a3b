# The PEP 517 build backend of the package ddz (`pip install ./python`, docs/python.md): CMake builds
# the extension ddz._ddz and the wheel is written here with zipfile, so a build needs nothing pip
# would fetch (no setuptools in pip's isolated build environment, hence no network).
import base64
import hashlib
import importlib.machinery
import os
import pathlib
import re
import subprocess
import sys
import sysconfig
import zipfile

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent
# Outside python/, so that a build leaves the source tree as it was (build*/ is ignored by git).
BUILD_DIR = ROOT / "build" / "pip"
NAME = "ddz"
SUMMARY = "Dou Dizhu engine, solvers and agents of the ddz project, with an RLCard-compatible environment"
# The package's files besides the extension: (path in the wheel, path in the source tree).
PACKAGE_FILES = [("ddz/__init__.py", HERE / "ddz" / "__init__.py"),
                 ("ddz/__init__.pyi", HERE / "ddz" / "__init__.pyi"),
                 ("ddz/py.typed", HERE / "ddz" / "py.typed"),
                 ("ddz/pretrained/agent.ddz", ROOT / "models" / "pretrained" / "agent.ddz")]


def _version():
    cmake_lists = ROOT / "CMakeLists.txt"
    if not cmake_lists.exists():
        raise RuntimeError(f"python/build_backend.py builds from the ddz source tree, but {ROOT} holds no "
                           "CMakeLists.txt (install from the source tree: pip install ./python)")
    match = re.search(r"project\(ddz VERSION ([0-9.]+)", cmake_lists.read_text())
    if not match:
        raise RuntimeError(f"no project version in {cmake_lists}")
    return match.group(1)


def _tag():
    """The wheel's tag for this interpreter: the extension only loads into this CPython version."""
    if sys.implementation.name != "cpython":
        raise RuntimeError(f"the ddz package builds for CPython, not {sys.implementation.name}")
    python = f"cp{sys.version_info[0]}{sys.version_info[1]}"
    return f"{python}-{python}-{re.sub(r'[-.]', '_', sysconfig.get_platform())}"


def _dist_info(version):
    """The dist-info files: METADATA and WHEEL, by name."""
    metadata = (f"Metadata-Version: 2.1\nName: {NAME}\nVersion: {version}\nSummary: {SUMMARY}\n"
                "Requires-Python: >=3.8\nRequires-Dist: numpy\n")
    wheel = f"Wheel-Version: 1.0\nGenerator: ddz build_backend\nRoot-Is-Purelib: false\nTag: {_tag()}\n"
    return {"METADATA": metadata, "WHEEL": wheel}


def _build_extension():
    """ddz._ddz from CMake: a Release build of the target ddz_python under build/pip, or in the
    existing build directory that $DDZ_BUILD_DIR names (configured with DDZ_PYTHON=ON)."""
    reuse = os.environ.get("DDZ_BUILD_DIR")
    if reuse:
        build_dir = pathlib.Path(reuse).resolve()
        if not (build_dir / "CMakeCache.txt").exists():
            raise RuntimeError(f"DDZ_BUILD_DIR={reuse} is not a configured CMake build directory")
    else:
        build_dir = BUILD_DIR / "cmake"
        subprocess.check_call([
            "cmake", "-S", str(ROOT), "-B", str(build_dir), "-DCMAKE_BUILD_TYPE=Release",
            f"-DDDZ_PYTHON_EXECUTABLE={sys.executable}", "-DDDZ_PYTHON=ON", "-DDDZ_WITH_TORCH=OFF",
            "-DDDZ_TESTS=OFF", "-DDDZ_BENCH=OFF", "-DDDZ_ARCH_CHECKS=OFF", "-DDDZ_PACKAGE_TEST=OFF",
            "-DDDZ_BROWSER_TEST=OFF"], stdout=sys.stderr)
    jobs = os.environ.get("DDZ_BUILD_JOBS", str(os.cpu_count() or 1))
    subprocess.check_call(["cmake", "--build", str(build_dir), "--target", "ddz_python", "-j", jobs],
                          stdout=sys.stderr)
    name = "_ddz" + importlib.machinery.EXTENSION_SUFFIXES[0]
    built = build_dir / "python" / "ddz" / name
    if not built.exists():
        raise RuntimeError(f"CMake did not produce {built} (is {build_dir} configured with DDZ_PYTHON=ON, for "
                           f"{sys.executable}?)")
    return "ddz/" + name, built


def _record_line(path, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{path},sha256={digest},{len(data)}\n"


# PEP 517 hooks.

def get_requires_for_build_wheel(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    version = _version()
    dist_info = pathlib.Path(metadata_directory) / f"{NAME}-{version}.dist-info"
    dist_info.mkdir(parents=True, exist_ok=True)
    for name, text in _dist_info(version).items():
        (dist_info / name).write_text(text)
    return dist_info.name


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    version = _version()
    files = list(PACKAGE_FILES)
    for _, source in files:
        if not source.exists():
            raise RuntimeError(f"the package's file {source} is missing")
    files.append(_build_extension())
    wheel_name = f"{NAME}-{version}-{_tag()}.whl"
    dist_info = f"{NAME}-{version}.dist-info"
    record = ""
    with zipfile.ZipFile(pathlib.Path(wheel_directory) / wheel_name, "w", zipfile.ZIP_DEFLATED) as wheel:
        for path, source in files:
            data = source.read_bytes()
            info = zipfile.ZipInfo(path, date_time=(2026, 1, 1, 0, 0, 0))
            info.external_attr = (0o755 if path.endswith(".so") else 0o644) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            wheel.writestr(info, data)
            record += _record_line(path, data)
        for name, text in _dist_info(version).items():
            wheel.writestr(f"{dist_info}/{name}", text)
            record += _record_line(f"{dist_info}/{name}", text.encode())
        wheel.writestr(f"{dist_info}/RECORD", record + f"{dist_info}/RECORD,,\n")
    return wheel_name
