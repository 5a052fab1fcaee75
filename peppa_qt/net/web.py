"""The join page: a browser's way to a seat, served on the table server's own port.

``http://HOST:PORT/join/CODE`` (the URL a QR code holds, ``join.py``) answers the page; the
page then speaks the table protocol at ``ws://HOST:PORT/table`` like any client. The
WebSocket library answers plain HTTP GETs through its ``process_request`` hook: ``Pages``
makes those answers. Only a fixed list of files is served, each read once from the package
(so no path a browser sends ever reaches the file system: no traversal), small, with its
content type, a validator (ETag: a reload asks "still the same?" and gets 304) and, for the
page, a Content-Security-Policy that lets it load only its own files and talk only to its
own host: nothing is fetched from the internet (a LAN without one works).
"""

from __future__ import annotations

import email.utils
import hashlib
import re
from dataclasses import dataclass
from http import HTTPStatus
from typing import Final

from websockets.asyncio.server import ServerConnection
from websockets.datastructures import Headers
from websockets.http11 import Request, Response

from ..resources import package_file
from .messages import CODE_LENGTH, CODE_LETTERS

#: Where the page's files are, in the package.
WEB_FOLDER: Final = ("net", "web")
#: The page's own files by the name they are served under (``/web/NAME``).
PAGE_FILES: Final = {
    "page.css": "text/css; charset=utf-8",
    "page.js": "text/javascript; charset=utf-8",
    "it.json": "application/json; charset=utf-8",
}
SVG: Final = "image/svg+xml"
#: A card's face: ``/web/cards/QS.svg`` (the large-index art: crisp and readable on a phone).
CARD_PATH: Final = re.compile(r"/web/cards/([2-9TJQKA][CDHS])\.svg")
JOIN_PATH: Final = re.compile(r"/join/[A-Za-z0-9]{1,12}/?")
#: A Host header fit to name in the policy (a name or address, and a port).
HOST_HEADER: Final = re.compile(
    r"(?:[A-Za-z0-9.\-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::[0-9]{1,5})?"
)
#: The longest path looked at (every path served is far shorter).
MAX_PATH: Final = 64
#: What the page may load and where it may connect: its own host only.
POLICY: Final = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "connect-src 'self'{sockets}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)


@dataclass(frozen=True)
class _File:
    body: bytes
    content_type: str
    etag: str
    #: Seconds a browser may keep it without asking (0: ask each time, by the ETag).
    max_age: int = 0


def _file(body: bytes, content_type: str, max_age: int = 0) -> _File:
    etag = '"' + hashlib.sha256(body).hexdigest()[:20] + '"'
    return _File(body, content_type, etag, max_age)


class Pages:
    """The answers to a browser's GETs (files read from the package once, then kept)."""

    def __init__(self) -> None:
        self._files: dict[str, _File] = {}

    def respond(self, connection: ServerConnection, request: Request) -> Response:
        """The answer to a GET that is not the WebSocket's: a file of the page, or 404."""
        path = request.path.split("?", 1)[0]
        found = self._find(path) if len(path) <= MAX_PATH else None
        if found is None:
            return connection.respond(HTTPStatus.NOT_FOUND, "Peppa: no such page\n")
        headers = Headers(
            [
                ("Date", email.utils.formatdate(usegmt=True)),
                ("Connection", "close"),
                ("ETag", found.etag),
                ("Cache-Control", f"max-age={found.max_age}" if found.max_age else "no-cache"),
                ("X-Content-Type-Options", "nosniff"),
                ("Referrer-Policy", "no-referrer"),
            ]
        )
        if found.content_type.startswith("text/html"):
            headers["Content-Security-Policy"] = policy(request.headers.get("Host"))
            headers["X-Frame-Options"] = "DENY"
        if request.headers.get("If-None-Match") == found.etag:
            headers["Content-Length"] = "0"
            return Response(HTTPStatus.NOT_MODIFIED.value, "Not Modified", headers, b"")
        headers["Content-Type"] = found.content_type
        headers["Content-Length"] = str(len(found.body))
        return Response(HTTPStatus.OK.value, "OK", headers, found.body)

    def _find(self, path: str) -> _File | None:
        """The file served at ``path``, read once; None if nothing is served there."""
        if JOIN_PATH.fullmatch(path):
            if not _is_code(path.split("/")[2]):
                return None
            key = "index.html"
        elif (card := CARD_PATH.fullmatch(path)) is not None:
            key = f"cards/{card.group(1)}.svg"
        elif path in {f"/web/{name}" for name in PAGE_FILES} or path == "/web/icon.svg":
            key = path[5:]
        else:
            return None
        found = self._files.get(key)
        if found is None:
            found = self._files[key] = _load(key)
        return found


def _load(key: str) -> _File:
    """One of the page's files, from the package."""
    if key == "index.html":
        body = package_file(*WEB_FOLDER, "index.html").read_bytes()
        return _file(body, "text/html; charset=utf-8")
    if key == "icon.svg":
        return _file(package_file("assets", "icon", "peppa.svg").read_bytes(), SVG, 86400)
    if key.startswith("cards/"):
        body = package_file("assets", "cards", "large", key[6:]).read_bytes()
        return _file(body, SVG, 86400)  # (the art changes only with a new version)
    return _file(package_file(*WEB_FOLDER, key).read_bytes(), PAGE_FILES[key])


def _is_code(text: str) -> bool:
    """Whether ``text`` could be a table's code (any case): the page is the same for every
    code, so it tells nothing of which tables exist (the WebSocket's limits guard that)."""
    return len(text) == CODE_LENGTH and all(c in CODE_LETTERS for c in text.upper())


def policy(host: str | None) -> str:
    """The page's Content-Security-Policy: its own files, its own host's WebSocket."""
    sockets = ""
    if host is not None and HOST_HEADER.fullmatch(host):
        sockets = f" ws://{host} wss://{host}"  # ('self' covers them in newer browsers only)
    return POLICY.format(sockets=sockets)
