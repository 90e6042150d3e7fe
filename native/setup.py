"""Build of sixtysix-native's C extensions (metadata: pyproject.toml).

Every extension is C99, compiled against CPython's limited API 3.11, so one
``cp311-abi3`` wheel serves every CPython from 3.11 on. ``COMPILE_ARGS`` are shared by
every extension; add new extensions to ``EXTENSIONS``.
"""

from __future__ import annotations

import os
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

try:  # setuptools >= 70.1 ships bdist_wheel; older ones take it from the wheel package
    from setuptools.command.bdist_wheel import bdist_wheel
except ImportError:
    try:
        from wheel.bdist_wheel import bdist_wheel
    except ImportError:  # no wheel building here (e.g. a plain build_ext)
        bdist_wheel = None

HERE = os.path.dirname(os.path.abspath(__file__))
LIMITED_API = [("Py_LIMITED_API", "0x030B0000")]

if sys.platform == "win32":
    COMPILE_ARGS = ["/O2", "/W3"]
else:
    COMPILE_ARGS = ["-std=c99", "-O2", "-Wall", "-Wextra"]


def _extension(name: str, sources: list[str]) -> Extension:
    return Extension(
        name,
        sources=sources,
        include_dirs=["src"],
        define_macros=LIMITED_API,
        extra_compile_args=COMPILE_ARGS,
        py_limited_api=True,
    )


EXTENSIONS = [
    # The playout core (sixtysix.native's batch playouts).
    _extension(
        "sixtysix_native._core",
        ["src/sixtysix_native/_coremodule.c", "src/core.c", "src/rulebot.c"],
    ),
    # The exact solver (sixtysix.search.solve and solve_many).
    _extension(
        "sixtysix_native._solver",
        ["src/sixtysix_native/_solvermodule.c", "src/solver.c", "src/rulebot.c"],
    ),
]


NO_COMPILER = """
sixtysix-native needs a C compiler to build from source, and none was found or it
failed ({error}).

  * Install one (Debian/Ubuntu: apt install build-essential python3-dev;
    Fedora: dnf install gcc python3-devel; macOS: xcode-select --install;
    Windows: the "Desktop development with C++" workload of Visual Studio Build Tools),
    then install again; or
  * install a prebuilt wheel for your platform (pip install --only-binary :all:
    sixtysix-native); or
  * do without it: sixtysix works the same in pure Python, only slower.
"""


class BuildExt(build_ext):
    """build_ext that says plainly what to do when there is no working C compiler."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:  # distutils' errors differ between setuptools versions
            if _is_compiler_error(exc):
                raise SystemExit(NO_COMPILER.format(error=exc)) from exc
            raise

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except Exception as exc:
            if _is_compiler_error(exc):
                raise SystemExit(NO_COMPILER.format(error=exc)) from exc
            raise


def _is_compiler_error(exc: BaseException) -> bool:
    names = {cls.__name__ for cls in type(exc).__mro__}
    return bool(names & {"CompileError", "CCompilerError", "DistutilsPlatformError"}) or (
        isinstance(exc, FileNotFoundError | PermissionError)
    )


COMMANDS: dict[str, type] = {"build_ext": BuildExt}

if bdist_wheel is not None:

    class BdistWheel(bdist_wheel):
        """One cp311-abi3 wheel per platform."""

        def finalize_options(self) -> None:
            self.py_limited_api = "cp311"
            super().finalize_options()

    COMMANDS["bdist_wheel"] = BdistWheel


setup(ext_modules=EXTENSIONS, cmdclass=COMMANDS)
