#!/usr/bin/env python3
"""The join page's weight and speed on the loopback (issue 40): bytes to the first hand, and
the time from opening the URL to the hand shown.

    nice -n 5 .venv/bin/python benchmarks/join_page.py [--runs 5]

A table server on 127.0.0.1 (this process, a thread) hosts a table of one player and three
computers; a headless Chromium (Debian's, tests/net/browser.py) is a 360×640 phone. Measured,
each in a fresh tab of a fresh origin (nothing cached), ``--runs`` times, the median:
- newcomer: from navigation start to the seat buttons shown (the page, its script and style,
  and the "seats" answer), then from the tap on a seat to the hand's 13 cards drawn (the
  hello, the welcome, the first view, the card images);
- returning player (the token in the page's storage, as after a reload or the phone's
  sleep): from navigation start to the hand drawn;
- bytes: the page's files as the browser received them (the Performance API's transfer
  sizes, headers included), the WebSocket messages received up to the hand (DevTools), and
  the card images apart.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from net.browser import PHONE, ServerThread, open_tab, start_chromium  # noqa: E402

from peppa_qt.engine import RuleSet  # noqa: E402
from peppa_qt.net.hosted import TableTimes  # noqa: E402
from peppa_qt.net.messages import SeatSpec  # noqa: E402

HAND_SHOWN = "return document.querySelectorAll('#hand .card img').length === 13 && \
[...document.querySelectorAll('#hand .card img')].every(i => i.complete && i.naturalWidth)"
SIZES = """return performance.getEntries().filter(e => e.transferSize !== undefined)
  .map(e => [e.name, e.transferSize])"""


def until(driver: Any, script: str, seconds: float = 30) -> None:
    """Poll ``script`` in the page until it is true."""
    deadline = time.monotonic() + seconds
    while not driver.execute_script(script):
        if time.monotonic() > deadline:
            raise TimeoutError(script)
        time.sleep(0.005)


def since_start(driver: Any) -> float:
    """Milliseconds since the page's navigation started."""
    return float(driver.execute_script("return performance.now()"))


def socket_bytes(driver: Any) -> int:
    """Bytes of WebSocket messages received since the last call (payloads)."""
    total = 0
    for entry in driver.get_log("performance"):
        event = json.loads(entry["message"])["message"]
        if event.get("method") == "Network.webSocketFrameReceived":
            total += len(event["params"]["response"]["payloadData"].encode())
    return total


def one_run(driver: Any, server: ServerThread, run: int) -> dict[str, float]:
    rules = RuleSet.preset("hearts", {"end": {"mode": "hands", "count": 1}})
    specs = [SeatSpec("human")] + [SeatSpec("ai", "easy")] * 3
    table = server.call(lambda: server.server.host(rules, specs))
    origin = f"http://r{run}.localhost:{server.port}"
    open_tab(driver, origin, PHONE)
    socket_bytes(driver)
    driver.get(f"{origin}/join/{table.code}")
    until(driver, "return document.querySelectorAll('#seats button').length === 4")
    seats_shown = since_start(driver)
    driver.find_element("id", "name").send_keys("Anna")
    tapped = since_start(driver)
    driver.find_element("css selector", "#seats button:enabled").click()
    until(driver, HAND_SHOWN)
    hand_shown = since_start(driver)
    sizes = driver.execute_script(SIZES)
    cards = sum(size for name, size in sizes if "/web/cards/" in name)
    files = sum(size for name, size in sizes if "/web/cards/" not in name)
    words = socket_bytes(driver)
    driver.refresh()  # the returning player: the token is in localStorage
    until(driver, HAND_SHOWN)
    back = since_start(driver)
    driver.close()
    driver.switch_to.window(driver.window_handles[0])
    return {
        "seats_ms": seats_shown,
        "tap_to_hand_ms": hand_shown - tapped,
        "returning_ms": back,
        "page_bytes": files,
        "socket_bytes": words,
        "card_bytes": cards,
    }


def main() -> None:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    server = ServerThread(TableTimes(grace=30, between_hands=30, ai_pause=0))
    driver = start_chromium()
    try:
        runs = [one_run(driver, server, run) for run in range(args.runs)]
    finally:
        driver.quit()
        server.stop()
    print(f"python benchmarks/join_page.py --runs {args.runs}   (median of {args.runs})")
    for key in runs[0]:
        values = [r[key] for r in runs]
        middle, low, high = statistics.median(values), min(values), max(values)
        print(f"{key:16} {middle:10.0f}   (min {low:.0f}, max {high:.0f})")


if __name__ == "__main__":
    main()
