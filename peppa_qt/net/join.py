"""A table's join URL and its QR code: what a phone scans to take a seat (no Qt).

``http://ADDRESS:PORT/join/CODE`` opens the join page (``web.py``) of table CODE on the
server's own port. The QR code is drawn by segno (a well-kept pure-Python QR library) as
SVG, which the window shows, or as text blocks in a terminal (``peppa-qt serve --qr``).
"""

from __future__ import annotations

import io
import ipaddress

import segno

from .discovery import own_addresses


def join_url(host: str, port: int, code: str, *, tls: bool = False) -> str:
    """The URL of table ``code``'s join page on the server at ``host``:``port``.

    A host listening on every address (``0.0.0.0``, ``::``) is named by this machine's
    address on the local network, which is what a phone can reach.
    """
    if _is_wildcard(host):
        host = own_addresses()[0] if own_addresses() else "127.0.0.1"
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"  # an IPv6 address
    scheme = "https" if tls else "http"
    return f"{scheme}://{host}:{port}/join/{code}"


def _is_wildcard(host: str) -> bool:
    try:
        return ipaddress.ip_address(host.strip("[]")).is_unspecified
    except ValueError:
        return False


def qr_svg(url: str, *, scale: int = 8, dark: str = "#000", light: str = "#fff") -> str:
    """The QR code of ``url`` as an SVG document (with its quiet zone, ``scale`` pixels to a
    module, light behind dark so that it scans on a dark window too)."""
    code = segno.make(url, error="m", micro=False)
    out = io.BytesIO()
    code.save(out, kind="svg", scale=scale, border=4, dark=dark, light=light, xmldecl=False)
    return out.getvalue().decode("utf-8")


def qr_text(url: str) -> str:
    """The QR code of ``url`` drawn with text blocks, two rows to a line, for a terminal."""
    out = io.StringIO()
    segno.make(url, error="m", micro=False).terminal(out=out, compact=True)
    return out.getvalue()
