"""The join page served on the table server's port: its files with their types and policy,
nothing else (no path out of the page's folder), a reload answered "not modified"; its words
in the one catalogue; its URL and QR code."""

from __future__ import annotations

import asyncio
import json
import re
import sys
from pathlib import Path

import pytest

from peppa_qt.net.join import join_url, qr_svg, qr_text
from peppa_qt.net.page_text import PAGE_TEXTS, WINDOW_TEXTS
from peppa_qt.net.server import TableServer

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "peppa_qt" / "net" / "web"
sys.path.insert(0, str(ROOT / "tools"))
import translations as tool  # noqa: E402  (tools/translations.py)

Answer = tuple[int, dict[str, str], bytes]


async def get(port: int, path: str, headers: dict[str, str] | None = None) -> Answer:
    """A plain HTTP/1.1 GET on the loopback: status, headers (lower-case names), body."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    lines = [f"GET {path} HTTP/1.1", f"Host: 127.0.0.1:{port}"]
    lines += [f"{name}: {value}" for name, value in (headers or {}).items()]
    writer.write(("\r\n".join(lines) + "\r\n\r\n").encode())
    raw = await asyncio.wait_for(reader.read(), 10)  # (the server closes after answering)
    writer.close()
    head, _, body = raw.partition(b"\r\n\r\n")
    status_line, *header_lines = head.decode("latin-1").split("\r\n")
    found = {}
    for line in header_lines:
        name, _, value = line.partition(":")
        found[name.strip().lower()] = value.strip()
    return int(status_line.split()[1]), found, body


def served(paths: list[tuple[str, dict[str, str]]]) -> list[Answer]:
    """Each of ``paths`` asked of a table server on 127.0.0.1."""

    async def main() -> list[Answer]:
        server = TableServer()
        port = await server.start("127.0.0.1", 0)
        try:
            return [await get(port, path, headers) for path, headers in paths]
        finally:
            await server.stop()

    return asyncio.run(main())


def test_the_join_page_and_its_files_are_served_with_their_types_and_a_strict_policy() -> None:
    page, css, script, words, card, icon = served(
        [
            ("/join/ABC234", {}),
            ("/web/page.css", {}),
            ("/web/page.js", {}),
            ("/web/it.json", {}),
            ("/web/cards/QS.svg", {}),
            ("/web/icon.svg", {}),
        ]
    )
    assert page[0] == 200 and page[1]["content-type"] == "text/html; charset=utf-8"
    assert page[2] == (WEB / "index.html").read_bytes()
    policy = page[1]["content-security-policy"]
    assert "default-src 'none'" in policy and "script-src 'self'" in policy
    assert "connect-src 'self' ws://127.0.0.1:" in policy and "frame-ancestors 'none'" in policy
    assert css[1]["content-type"].startswith("text/css") and css[2].startswith(b"/*")
    assert script[1]["content-type"].startswith("text/javascript")
    assert json.loads(words[2])["WebPage"]["Your name"] == "Il tuo nome"
    assert card[1]["content-type"] == "image/svg+xml" and card[2].startswith(b"<svg")
    assert icon[0] == 200
    for answer in (page, css, script, words, card, icon):
        assert answer[1]["x-content-type-options"] == "nosniff"
        assert int(answer[1]["content-length"]) == len(answer[2])


@pytest.mark.parametrize(
    "path",
    [
        "/",
        "/join/",
        "/join/ABC",  # not a code's length
        "/join/ABC0O1",  # letters no code has
        "/web/",
        "/web/index.html/../page.js",
        "/web/../server.py",
        "/web/..%2fserver.py",
        "/web/%2e%2e/%2e%2e/assets/LICENSE.txt",
        "/web/cards/../../../../etc/passwd",
        "/web/cards/XX.svg",
        "/web/cards/QS.svg/",
        "/web/page.js.bak",
        "//etc/passwd",
        "/join/ABC234/" + "A" * 5000,
    ],
)
def test_nothing_is_served_outside_the_pages_own_files(path: str) -> None:
    ((status, _, body),) = served([(path, {})])
    assert status == 404 and len(body) < 100


def test_a_reload_is_answered_not_modified() -> None:
    (first,) = served([("/web/page.js", {})])
    etag = first[1]["etag"]
    again, changed = served(
        [("/web/page.js", {"If-None-Match": etag}), ("/web/page.js", {"If-None-Match": '"x"'})]
    )
    assert again[0] == 304 and again[2] == b""
    assert changed[0] == 200 and changed[2] == first[2]
    (card,) = served([("/web/cards/2C.svg", {})])
    assert "max-age=" in card[1]["cache-control"]


def test_the_page_inserts_text_never_html_and_loads_nothing_from_elsewhere() -> None:
    script = (WEB / "page.js").read_text(encoding="utf-8")
    page = (WEB / "index.html").read_text(encoding="utf-8")
    for dangerous in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval("):
        assert dangerous not in script
    assert not re.search(r"https?://", script + page)  # (no file, font or script from outside)


def test_every_word_the_page_says_is_in_the_catalogue_and_shipped_translated() -> None:
    script = (WEB / "page.js").read_text(encoding="utf-8")
    script = re.sub(r"^\s*//.*$", "", script, flags=re.MULTILINE)  # (the comments say nothing)
    page = (WEB / "index.html").read_text(encoding="utf-8")
    said = set(re.findall(r'\bt\("([^"]+)"', script)) | set(re.findall(r'data-t="([^"]+)"', page))
    # (the rules' reasons, the suits and the rule sets are looked up by their English name)
    said |= {text for text in re.findall(r'"([A-Z{][^"]*[a-z.!}])"', script) if " " in text}
    listed = set(PAGE_TEXTS) | set(WINDOW_TEXTS)
    assert said - listed == set(), "words of the page missing from net/page_text.py"
    assert set(PAGE_TEXTS) - said == set(), "words in net/page_text.py the page never says"
    # The shipped Italian words are what the catalogue says now (tools/translations.py release).
    shipped = (WEB / "it.json").read_text(encoding="utf-8")
    assert shipped == tool.page_words_json(tool.ts_file("it"))
    words = json.loads(shipped)
    assert all(words["WebPage"][text] for text in PAGE_TEXTS)
    assert words["Texts"]["Wait for your turn."] != "Wait for your turn."


def test_the_join_url_and_its_qr_code() -> None:
    assert join_url("192.168.1.20", 8765, "ABC234") == "http://192.168.1.20:8765/join/ABC234"
    assert join_url("::1", 8765, "ABC234", tls=True) == "https://[::1]:8765/join/ABC234"
    assert join_url("0.0.0.0", 80, "ABC234").endswith(":80/join/ABC234")
    assert "0.0.0.0" not in join_url("0.0.0.0", 80, "ABC234")  # (a phone cannot reach that)
    svg = qr_svg("http://192.168.1.20:8765/join/ABC234")
    assert svg.startswith("<svg") and "<path" in svg and "#fff" in svg
    assert "█" in qr_text("http://192.168.1.20:8765/join/ABC234")
