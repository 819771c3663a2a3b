# Builds and installs the Python package ddz (`pip install ./python`, docs/python.md): CMake builds
# the extension ddz._ddz from the source tree this file sits in, and the wheel carries it with
# ddz/__init__.py, the type stubs and the shipped network (ddz/pretrained/agent.ddz).
import os
import pathlib
import re
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent
# Outside python/, so that a build leaves the source tree as it was (build*/ is ignored by git).
BUILD_BASE = ROOT / "build" / "pip"


def project_version():
    match = re.search(r"project\(ddz VERSION ([0-9.]+)", (ROOT / "CMakeLists.txt").read_text())
    if not match:
        raise RuntimeError(f"no project version in {ROOT / 'CMakeLists.txt'}")
    return match.group(1)


class CMakeBuild(build_ext):
    """The extension from CMake: a fresh Release build of the target ddz_python under build/pip,
    or the existing build directory that $DDZ_BUILD_DIR names (configured with DDZ_PYTHON=ON)."""

    def build_extension(self, ext):
        reuse = os.environ.get("DDZ_BUILD_DIR")
        if reuse:
            build_dir = pathlib.Path(reuse).resolve()
            if not (build_dir / "CMakeCache.txt").exists():
                raise RuntimeError(f"DDZ_BUILD_DIR={reuse} is not a configured CMake build directory")
        else:
            build_dir = BUILD_BASE / "cmake"
            subprocess.check_call([
                "cmake", "-S", str(ROOT), "-B", str(build_dir), "-DCMAKE_BUILD_TYPE=Release",
                f"-DDDZ_PYTHON_EXECUTABLE={sys.executable}", "-DDDZ_PYTHON=ON", "-DDDZ_WITH_TORCH=OFF",
                "-DDDZ_TESTS=OFF", "-DDDZ_BENCH=OFF", "-DDDZ_ARCH_CHECKS=OFF", "-DDDZ_PACKAGE_TEST=OFF",
                "-DDDZ_BROWSER_TEST=OFF"])
        jobs = os.environ.get("DDZ_BUILD_JOBS", str(os.cpu_count() or 1))
        subprocess.check_call(["cmake", "--build", str(build_dir), "--target", "ddz_python", "-j", jobs])
        built = build_dir / "python" / "ddz" / pathlib.Path(self.get_ext_filename(ext.name)).name
        if not built.exists():
            raise RuntimeError(f"CMake did not produce {built} (is {build_dir} configured with DDZ_PYTHON=ON?)")
        target = pathlib.Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built, target)


class BuildPy(build_py):
    """The package's Python files, and the shipped network beside them."""

    def run(self):
        super().run()
        network = ROOT / "models" / "pretrained" / "agent.ddz"
        if not network.exists():
            raise RuntimeError(f"the shipped network is missing: {network}")
        target = pathlib.Path(self.build_lib) / "ddz" / "pretrained" / "agent.ddz"
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(network, target)


if not (ROOT / "CMakeLists.txt").exists():
    sys.exit(f"python/setup.py builds from the ddz source tree, but {ROOT} holds no CMakeLists.txt")

setup(
    name="ddz",
    version=project_version(),
    description="Dou Dizhu engine, solvers and agents of the ddz project, with an RLCard-compatible environment",
    python_requires=">=3.8",
    install_requires=["numpy"],
    packages=["ddz"],
    package_dir={"ddz": "ddz"},
    package_data={"ddz": ["__init__.pyi", "py.typed"]},
    ext_modules=[Extension("ddz._ddz", sources=[])],
    cmdclass={"build_ext": CMakeBuild, "build_py": BuildPy},
    options={"build": {"build_base": str(BUILD_BASE)}, "egg_info": {"egg_base": str(BUILD_BASE)}},
    zip_safe=False,
)
