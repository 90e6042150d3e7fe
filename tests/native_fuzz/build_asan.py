"""Build sixtysix-native's extensions with AddressSanitizer and UBSan into a separate dir.

``python tests/native_fuzz/build_asan.py OUT`` compiles ``native/src`` with gcc (or
``$CC``) and ``-fsanitize=address,undefined -fno-sanitize-recover=undefined`` into
``OUT/sixtysix_native/`` next to a copy of the package's Python files, so that putting
``OUT`` first on ``PYTHONPATH`` imports the sanitized build instead of the in-place one.
It then prints the ``LD_PRELOAD`` value (the sanitizer runtimes) the interpreter needs.
Used by the nox session ``native-fuzz``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NATIVE = ROOT / "native" / "src"
PACKAGE = NATIVE / "sixtysix_native"
FLAGS = [
    "-std=c99",
    "-O1",
    "-g",
    "-fPIC",
    "-shared",
    "-Wall",
    "-Wextra",
    "-fno-omit-frame-pointer",
    "-fsanitize=address,undefined",
    "-fno-sanitize-recover=undefined",
    "-DPy_LIMITED_API=0x030B0000",
]
EXTENSIONS = {
    "_core": ["sixtysix_native/_coremodule.c", "core.c", "rulebot.c"],
    "_solver": ["sixtysix_native/_solvermodule.c", "solver.c", "rulebot.c"],
}


def runtimes(cc: str) -> list[str]:
    """The shared sanitizer runtimes to preload (libasan first)."""
    out = []
    for lib in ("libasan.so", "libubsan.so"):
        path = subprocess.run(
            [cc, f"-print-file-name={lib}"], check=True, capture_output=True, text=True
        ).stdout.strip()
        if not os.path.isabs(path):
            raise SystemExit(f"{cc} has no {lib}: install the sanitizer runtimes")
        out.append(path)
    return out


def build(out: Path, cc: str) -> None:
    target = out / "sixtysix_native"
    target.mkdir(parents=True, exist_ok=True)
    for source in PACKAGE.glob("*.py*"):
        shutil.copy2(source, target / source.name)
    shutil.copy2(PACKAGE / "py.typed", target / "py.typed")
    include = sysconfig.get_paths()["include"]
    for name, sources in EXTENSIONS.items():
        cmd = [
            cc,
            *FLAGS,
            f"-I{include}",
            f"-I{NATIVE}",
            *(str(NATIVE / s) for s in sources),
            "-o",
            str(target / f"{name}.abi3.so"),
        ]
        subprocess.run(cmd, check=True)


def main() -> None:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else ROOT / "build" / "native-asan")
    cc = os.environ.get("CC", "gcc")
    build(out, cc)
    print(" ".join(runtimes(cc)))


if __name__ == "__main__":
    main()
