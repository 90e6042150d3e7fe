"""Build sixtysix_native._solver alone, for work on the solver before the merge.

The real build is native/setup.py (the integrator adds the same Extension there)::

    cd native && python _dev_setup_solver.py build_ext --inplace

puts ``_solver.abi3.so`` next to the package sources (``src/sixtysix_native``), which
``src`` on ``sys.path`` (a ``.pth`` file) then imports. Set ``CFLAGS`` for sanitizers.
"""

from setuptools import Extension, setup

setup(
    name="sixtysix-native-solver-dev",
    version="0",
    package_dir={"": "src"},
    ext_modules=[
        Extension(
            "sixtysix_native._solver",
            sources=["src/sixtysix_native/_solvermodule.c", "src/solver.c"],
            py_limited_api=True,
            define_macros=[("Py_LIMITED_API", "0x030B0000")],
            extra_compile_args=["-std=c99", "-O2", "-Wall", "-Wextra"],
        )
    ],
    options={"bdist_wheel": {"py_limited_api": "cp311"}},
)
