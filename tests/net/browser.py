"""A real browser at the join page: Debian's Chromium, headless, driven by Selenium through
Debian's chromedriver (nothing downloaded), and a table server on 127.0.0.1 in a thread of
its own (Selenium's calls block; the server's event loop goes on beside them).

Each player is a tab of its own origin (``http://p0.localhost:PORT``, ``p1``…: Chromium
takes every ``*.localhost`` for the loopback), so that each keeps its own token in its own
localStorage, as four phones would. Each tab is a phone (or a tablet): its screen size and
touch are emulated through the DevTools protocol, its language through its Accept-Language.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import threading
from collections.abc import Callable, Coroutine, Iterator
from dataclasses import dataclass
from typing import Any, TypeVar

import pytest

from peppa_qt.net.hosted import TableTimes
from peppa_qt.net.server import TableServer

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
T = TypeVar("T")

PHONE = (360, 640)
PHONE_SIDEWAYS = (640, 360)
TABLET = (800, 1280)


#: Set in the network namespace tests/test_browsers.py runs the browser tests in.
IN_NAMESPACE = "PEPPA_BROWSER_NAMESPACE"


def browser_or_skip() -> Any:
    """Selenium's webdriver module, once Chromium and its driver are known to be here: in CI
    their absence fails the test (scripts/test.sh installs them), elsewhere it skips it.

    A browser may send past the loopback (whatever it does by itself): its tests run only in
    a network namespace of their own with the loopback alone (tests/test_browsers.py runs
    them there); anywhere else they are skipped."""
    if not os.environ.get(IN_NAMESPACE):
        pytest.skip("a browser runs in a network namespace of its own: tests/test_browsers.py")
    missing = [p for p in (CHROMIUM, CHROMEDRIVER) if not shutil.which(p)]
    try:
        from selenium import webdriver
    except ImportError:
        missing.append("selenium")
    if missing:
        if os.environ.get("PEPPA_FULL_SUITE"):
            pytest.fail(f"the browser tests need {', '.join(missing)} (scripts/test.sh)")
        pytest.skip(f"no {', '.join(missing)} here")
    return webdriver


def start_chromium() -> Any:
    """A headless Chromium driven by chromedriver, both Debian's."""
    webdriver = browser_or_skip()
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in (
        "--headless=new",
        "--no-sandbox",  # (root in a container: Chromium's sandbox needs user namespaces)
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--no-first-run",
        "--disable-extensions",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-default-apps",
        "--mute-audio",
        # Four players in four tabs of one browser: none is put to sleep for being behind.
        "--disable-background-timer-throttling",
        "--disable-renderer-backgrounding",
        "--disable-backgrounding-occluded-windows",
        "--host-resolver-rules=MAP *.localhost 127.0.0.1",
        "--window-size=800,1280",
    ):
        options.add_argument(argument)
    # What each tab received over its WebSocket, for the hidden-information audit.
    options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    options.add_experimental_option(
        "perfLoggingPrefs", {"enableNetwork": True, "enablePage": False}
    )
    service = Service(executable_path=CHROMEDRIVER, log_output=os.devnull)
    driver = webdriver.Chrome(options=options, service=service)
    driver.set_page_load_timeout(30)
    driver.set_script_timeout(30)
    return driver


class ServerThread:
    """A ``TableServer`` on 127.0.0.1 with its event loop in a thread of its own."""

    def __init__(self, times: TableTimes) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.server = TableServer(times=times)
        self.port: int = self.run(self.server.start("127.0.0.1", 0))

    def run(self, work: Coroutine[Any, Any, T], timeout: float = 30) -> T:
        """Run ``work`` on the server's loop; its result."""
        return asyncio.run_coroutine_threadsafe(work, self.loop).result(timeout)

    def call(self, call: Callable[[], T]) -> T:
        """Call ``call`` on the server's loop (where the tables live); its result."""

        async def inside() -> T:
            return call()

        return self.run(inside())

    def stop(self) -> None:
        """Close every table and stop the loop."""
        try:
            self.run(self.server.stop())
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(10)
            self.loop.close()


@dataclass
class Tab:
    """One player's tab: its window handle, origin and screen (``name``: "phone-it")."""

    handle: str
    origin: str
    name: str


def open_tab(driver: Any, origin: str, size: tuple[int, int], language: str = "en") -> Tab:
    """A new tab made a phone (or tablet) of ``size`` CSS pixels with touch, speaking
    ``language``."""
    driver.switch_to.new_window("tab")
    emulate(driver, size, language)
    screen = {PHONE: "phone", PHONE_SIDEWAYS: "phone-sideways", TABLET: "tablet"}.get(
        size, "screen"
    )
    return Tab(driver.current_window_handle, origin, f"{screen}-{language}")


def emulate(driver: Any, size: tuple[int, int], language: str = "en") -> None:
    """The current tab's screen, touch and language."""
    width, height = size
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 2, "mobile": True},
    )
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True})
    agent = driver.execute_script("return navigator.userAgent")
    accept = "it-IT,it" if language == "it" else "en-GB,en"
    driver.execute_cdp_cmd(
        "Emulation.setUserAgentOverride", {"userAgent": agent, "acceptLanguage": accept}
    )


def frames_received(driver: Any) -> Iterator[dict[str, Any]]:
    """Every WebSocket message the browser received since the last call, read as JSON."""
    for entry in driver.get_log("performance"):
        event = json.loads(entry["message"])["message"]
        if event.get("method") == "Network.webSocketFrameReceived":
            payload = event["params"]["response"]["payloadData"]
            yield json.loads(payload)
