"""The browser tests: the viewer and the play page driven in a headless Chromium.

They run only in the nox session ``browser`` (``python -m nox -s browser``), which sets
``SIXTYSIX_BROWSER_TESTS=1``; the default test run leaves this folder out (see
tests/conftest.py), so it passes without a browser. They need Debian's ``chromium`` and
``chromium-driver`` (or ``SIXTYSIX_CHROMIUM`` and ``SIXTYSIX_CHROMEDRIVER`` naming the
browser and its driver) and the ``browser`` extra (Selenium); nothing is downloaded.
Screenshots go to ``SIXTYSIX_SCREENSHOTS`` (default ``build/browser-screenshots``).
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

#: The flags that run Chromium headless here, without network or first-run chores.
CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--window-size=1100,640",
)


def _program(variable: str, name: str) -> str | None:
    return os.environ.get(variable) or shutil.which(name)


@pytest.fixture(scope="session")
def screenshots() -> Path:
    """The directory the screenshots are saved in."""
    path = Path(os.environ.get("SIXTYSIX_SCREENSHOTS", "build/browser-screenshots"))
    path.mkdir(parents=True, exist_ok=True)
    return path


@pytest.fixture(scope="session")
def driver() -> Iterator[Any]:
    """A headless Chromium driven by Selenium through the system's chromedriver."""
    webdriver = pytest.importorskip("selenium.webdriver", reason="the browser extra is missing")
    from selenium.webdriver.chrome.service import Service

    browser = _program("SIXTYSIX_CHROMIUM", "chromium")
    chromedriver = _program("SIXTYSIX_CHROMEDRIVER", "chromedriver")
    if browser is None or chromedriver is None:
        pytest.skip(
            "Chromium and chromedriver are not installed (apt-get install chromium "
            "chromium-driver)"
        )
    options = webdriver.ChromeOptions()
    options.binary_location = browser
    profile = tempfile.mkdtemp(prefix="sixtysix-chromium-")
    for flag in (*CHROMIUM_FLAGS, f"--user-data-dir={profile}"):
        options.add_argument(flag)
    chrome = webdriver.Chrome(options=options, service=Service(executable_path=chromedriver))
    chrome.set_window_size(1100, 820)
    chrome.set_page_load_timeout(30)
    chrome.set_script_timeout(30)
    try:
        yield chrome
    finally:
        chrome.quit()
        shutil.rmtree(profile, ignore_errors=True)
