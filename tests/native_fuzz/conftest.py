"""The scripts here are not test modules: the nox session native-fuzz runs them itself."""

collect_ignore = ["atheris_native.py", "build_asan.py"]
