#!/usr/bin/env python3
"""Generate the Peppa SVG card deck (faces, backs and the app icon).

The art is drawn entirely by this script, so it is ours and MIT-licensed like
the rest of the project.  Output is byte-for-byte deterministic.

Usage::

    python tools/gen_cards.py [OUTDIR] [--icon PATH]

OUTDIR defaults to ``peppa_qt/assets/cards``, the only copy: the package reads
its art from there.  It receives the 52 two-colour faces (``<rank><suit>.svg``,
e.g. ``QS.svg``, ``TH.svg``), the backs (``back-red.svg``, ``back-blue.svg``,
``back-green.svg``), ``LICENSE.txt``, a ``fourcolor/`` sub-directory with the
four-colour faces, and ``large/`` (with its own ``fourcolor/``) with the
large-index design (``tools/large_index.py``).  The icon is
written to ``OUTDIR/../icon/peppa.svg`` unless ``--icon`` says otherwise.
"""

from __future__ import annotations

import argparse
import itertools
import math
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

W, H = 250, 350
CX, CY = W / 2, H / 2
RANKS = "23456789TJQKA"
SUITS = "CDHS"
FONT = "DejaVu Sans, Arial, Helvetica, sans-serif"
INK = "#1d1d22"
GOLD = "#e2ad2e"
SKIN = "#f7d9b9"
PAPER = "#fdf8ea"
BACKS = {"red": "#a51c30", "blue": "#1f4690", "green": "#1d6b45"}
TWO_COLOUR = {"C": "#16161a", "D": "#c8102e", "H": "#c8102e", "S": "#16161a"}
FOUR_COLOUR = {"C": "#1a7a35", "D": "#1553c0", "H": "#c8102e", "S": "#16161a"}

# Suit outlines in a 100x100 box centred on the origin (pointing up).
SUIT_PATHS = {
    "H": "M0,46C-9,33-50,10-50-17C-50-37-37-48-24-48C-12-48-4-41 0-30"
    "C4-41 12-48 24-48C37-48 50-37 50-17C50 10 9 33 0 46Z",
    "D": "M0-50C9-33 22-16 38 0C22 16 9 33 0 50C-9 33-22 16-38 0C-22-16-9-33 0-50Z",
    "S": "M0-50C8-33 50-14 50 12C50 30 37 38 25 38C15 38 8 33 4 27"
    "C6 38 11 45 20 50L-20 50C-11 45-6 38-4 27C-8 33-15 38-25 38"
    "C-37 38-50 30-50 12C-50-14-8-33 0-50Z",
    "C": "M-21-25a21,21 0 1,0 42,0a21,21 0 1,0-42,0Z"
    "M-48 13a21,21 0 1,0 42,0a21,21 0 1,0-42,0Z"
    "M6 13a21,21 0 1,0 42,0a21,21 0 1,0-42,0Z"
    "M0-12L-13 16L13 16Z"
    "M-4 14C-4 32-10 43-20 50L20 50C10 43 4 32 4 14Z",
}

# (column, row) pip positions; column -1/0/1, row 0 (top) .. 1 (bottom).
PIPS: dict[str, list[tuple[int, float]]] = {
    "2": [(0, 0), (0, 1)],
    "3": [(0, 0), (0, 0.5), (0, 1)],
    "4": [(-1, 0), (1, 0), (-1, 1), (1, 1)],
    "5": [(-1, 0), (1, 0), (0, 0.5), (-1, 1), (1, 1)],
    "6": [(c, r) for r in (0, 0.5, 1) for c in (-1, 1)],
    "7": [(c, r) for r in (0, 0.5, 1) for c in (-1, 1)] + [(0, 0.25)],
    "8": [(c, r) for r in (0, 0.5, 1) for c in (-1, 1)] + [(0, 0.25), (0, 0.75)],
    "9": [(c, r / 3) for r in range(4) for c in (-1, 1)] + [(0, 0.5)],
    "T": [(c, r / 3) for r in range(4) for c in (-1, 1)] + [(0, 1 / 6), (0, 5 / 6)],
}


@dataclass(frozen=True)
class Palette:
    """Colours for one court card figure."""

    suit: str  # colour of the suit in the current scheme
    robe: str
    trim: str
    lining: str
    hair: str


ROBES = {"C": "#2f7d4a", "D": "#d77a22", "H": "#b52a3c", "S": "#2a4690"}
LININGS = {"C": "#b52a3c", "D": "#2a4690", "H": "#2a4690", "S": "#b52a3c"}
# Hair colour per rank, then per suit (C, D, H, S) for a little variety.
HAIR = {
    "J": dict(zip(SUITS, ("#6b4326", "#c98f2c", "#2e2420", "#9a4a22"), strict=True)),
    "Q": dict(zip(SUITS, ("#2e2420", "#9a4a22", "#c98f2c", "#c98f2c"), strict=True)),
    "K": dict(zip(SUITS, ("#8d8478", "#6b4326", "#8d8478", "#b9b3aa"), strict=True)),
}
PEPPA_ROBE = "#5a2d82"


def num(v: float) -> str:
    """Format a coordinate compactly and deterministically."""
    text = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def use(
    suit: str,
    x: float,
    y: float,
    size: float,
    fill: str,
    *,
    flip: bool = False,
    attrs: str = "",
) -> str:
    """Place the suit symbol *suit* centred at (x, y), *size* px wide."""
    rot = " rotate(180)" if flip else ""
    tf = f"translate({num(x)} {num(y)}){rot} scale({num(size / 100)})"
    return f'<use xlink:href="#{suit}" fill="{fill}" transform="{tf}"{attrs}/>'


def svg_doc(body: list[str], suits: str = "", w: int = W, h: int = H) -> str:
    """Wrap *body* in an SVG document defining the symbols in *suits*."""
    defs = "".join(f'<path id="{s}" d="{SUIT_PATHS[s]}"/>' for s in suits)
    head = (
        '<svg xmlns="http://www.w3.org/2000/svg" '
        'xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" '
        f'width="{w}" height="{h}" viewBox="0 0 {w} {h}">'
    )
    parts = [head, f"<defs>{defs}</defs>" if defs else "", *body, "</svg>"]
    return "\n".join(p for p in parts if p) + "\n"


def card_base() -> str:
    """Rounded white card with a thin border."""
    return (
        f'<rect x="1" y="1" width="{W - 2}" height="{H - 2}" rx="14" '
        'fill="#fff" stroke="#4a4a50" stroke-width="2"/>'
    )


def text(x: float, y: float, size: float, fill: str, value: str) -> str:
    """Bold centred text in the deck font."""
    return (
        f'<text x="{num(x)}" y="{num(y)}" font-family="{FONT}" '
        f'font-weight="bold" font-size="{num(size)}" text-anchor="middle" '
        f'fill="{fill}">{value}</text>'
    )


def rank_label(rank: str, x: float, y: float, size: float, fill: str) -> str:
    """Rank glyphs; "10" is set as two tightly kerned, condensed digits."""
    if rank != "T":
        return text(x, y, size, fill, rank)
    tf = f' transform="translate({num(x)} {num(y)}) scale(0.86 1)"'
    one = text(-size * 0.29, 0, size, fill, "1")
    zero = text(size * 0.26, 0, size, fill, "0")
    return f"<g{tf}>{one}{zero}</g>"


def corner_index(rank: str, suit: str, fill: str) -> str:
    """Large index top-left, repeated rotated bottom-right."""
    label = rank_label(rank, 28, 52, 50, fill)
    pip = use(suit, 28, 75, 35, fill)
    group = f"{label}{pip}"
    return f'<g>{group}</g>\n<g transform="rotate(180 {CX} {CY})">{group}</g>'


def pip_cards(rank: str, suit: str, fill: str) -> list[str]:
    """Standard pip layout for the number cards 2..10."""
    top, bottom, gap, size = 72, 278, 44, 40
    out = []
    for col, row in PIPS[rank]:
        y = top + row * (bottom - top)
        out.append(use(suit, CX + col * gap, y, size, fill, flip=row > 0.5))
    return out


def scroll(x: float, y: float, sx: float, sy: float, colour: str) -> str:
    """A small C-scroll flourish anchored at (x, y), mirrored by sx/sy."""
    tf = f"translate({num(x)} {num(y)}) scale({num(sx)} {num(sy)})"
    return (
        f'<path transform="{tf}" fill="none" stroke="{colour}" '
        'stroke-width="2" stroke-linecap="round" '
        'd="M0,0C10-2 22 2 28 10C33 17 30 26 22 26C16 26 14 20 18 17"/>'
    )


def ace_cards(suit: str, fill: str) -> list[str]:
    """A large single pip; the ace of spades gets an ornate treatment."""
    if suit != "S":
        return [use(suit, CX, CY, 96, fill)]
    out = [
        f'<circle cx="{CX}" cy="{CY}" r="84" fill="none" stroke="{fill}" stroke-width="1.5"/>',
        f'<circle cx="{CX}" cy="{CY}" r="78" fill="none" stroke="{GOLD}" '
        'stroke-width="3" stroke-dasharray="2 5" stroke-linecap="round"/>',
        use(suit, CX, CY - 4, 118, fill),
        use(suit, CX, CY - 4, 96, "none", attrs=' stroke="#fff" stroke-width="2.2"'),
        use("H", CX, CY - 16, 20, GOLD),
    ]
    for sx in (1, -1):
        out.append(scroll(CX + sx * 36, CY + 98, sx, 1, GOLD))
        out.append(scroll(CX + sx * 36, CY - 98, sx, -1, GOLD))
    for suit_mark, dx in (("C", -22), ("H", 0), ("D", 22)):
        out.append(use(suit_mark, CX + dx, CY - 108, 15, GOLD))
    out.append(text(CX, CY + 128, 15, fill, "P E P P A"))
    return out


# --------------------------------------------------------------------------
# Court cards: a framed panel with a double-headed figure.  Each half is
# drawn for the top (y <= 175) and repeated rotated by 180 degrees.
# --------------------------------------------------------------------------


def path(d: str, fill: str, stroke: str = INK, width: float = 1.4) -> str:
    """A path with fill and outline."""
    sw = f' stroke="{stroke}" stroke-width="{num(width)}"' if stroke else ""
    return f'<path d="{d}" fill="{fill}"{sw} stroke-linejoin="round"/>'


def circle(x: float, y: float, r: float, fill: str, stroke: str = INK) -> str:
    """A circle with a fine outline."""
    return (
        f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(r)}" fill="{fill}" '
        f'stroke="{stroke}" stroke-width="0.9"/>'
    )


def quad(
    p0: tuple[float, float], p1: tuple[float, float], p2: tuple[float, float], n: int
) -> list[tuple[float, float]]:
    """Return n + 1 points along a quadratic Bezier curve."""
    pts = []
    for i in range(n + 1):
        t = i / n
        a, b, c = (1 - t) ** 2, 2 * t * (1 - t), t * t
        pts.append((a * p0[0] + b * p1[0] + c * p2[0], a * p0[1] + b * p1[1] + c * p2[1]))
    return pts


def face(rank: str) -> list[str]:
    """Neck, face and features; the expression differs per rank."""
    lips = "#b8323c" if rank == "Q" else "#a0523c"
    out = [
        path("M117,100L133,100L134,123L116,123Z", SKIN),
        f'<ellipse cx="125" cy="84" rx="18" ry="22" fill="{SKIN}" '
        f'stroke="{INK}" stroke-width="1.4"/>',
        f'<ellipse cx="118.5" cy="82" rx="2.2" ry="1.8" fill="{INK}"/>',
        f'<ellipse cx="131.5" cy="82" rx="2.2" ry="1.8" fill="{INK}"/>',
        path("M113,77Q118,74 122,77M128,77Q132,74 137,77", "none", INK, 1.3),
        path("M125,83Q122,90 123,93Q125,94.5 127.5,93", "none", INK, 1.1),
        path("M120,99Q125,102.5 130,99Q125,100 120,99Z", lips, lips, 1),
    ]
    if rank == "Q":
        out.append(path("M115.5,80L113.5,78M134.5,80L136.5,78", "none", INK, 1))
        out.append(
            '<circle cx="114" cy="90" r="3" fill="#f0a0a0" '
            'fill-opacity="0.6"/><circle cx="136" cy="90" r="3" '
            'fill="#f0a0a0" fill-opacity="0.6"/>'
        )
    return out


def robe(rank: str, pal: Palette) -> list[str]:
    """Shoulders, chest placket, embroidery and the right arm."""
    top = 143 if rank == "Q" else 123
    out = [
        path(
            "M64,175L65,148Q67,135 84,129L106,121L144,121L166,129Q183,135 185,148L186,175Z",
            pal.robe,
        ),
        path(f"M115,{top}L135,{top}L133,175L117,175Z", pal.trim),
        path("M150,127C164,131 176,138 180,150", "none", pal.trim, 3.2),
        path("M100,127C86,131 74,138 70,150", "none", pal.trim, 3.2),
        path("M163,131C171,143 173,159 171,175", "none", INK, 1.2),
    ]
    motif = {"J": "D", "Q": "H", "K": "C"}[rank]
    for y in (158,) if rank == "Q" else (145, 162):
        out.append(use(motif, 125, y, 11, pal.lining))
    return out


def arm(pal: Palette) -> list[str]:
    """A forearm rising from the divider to a fist on the left."""
    return [
        path("M73,150L91,150L104,175L80,175Z", pal.robe),
        path("M75,132h14a5,5 0 0 1 5,5v4a5,5 0 0 1-5,5h-14a5,5 0 0 1-5-5v-4a5,5 0 0 1 5-5Z", SKIN),
        path("M84,136h10M84,139.5h10M84,143h10", "none", INK, 0.9),
        path("M70,138Q77,133 85,136.5", "none", INK, 0.9),
        path("M71,145L93,145L95,153L69,153Z", pal.trim),
    ]


def king_parts(pal: Palette) -> tuple[list[str], list[str]]:
    """Back hair; then beard, crown, ermine collar and sword."""
    spots = "".join(
        f'<path d="M{x},{y}l-1.5,4h3Z" fill="{INK}"/>'
        for x, y in ((106, 127), (116, 131), (125, 132.5), (134, 131), (144, 127))
    )
    front = [
        path(
            "M107,84C107,108 116,119 125,121C134,119 143,108 143,84"
            "C139,97 132,103 125,103C118,103 111,97 107,84Z",
            pal.hair,
        ),
        path("M116,97Q125,91 134,97Q125,96 116,97Z", pal.hair, INK, 1),
        path("M109,60C110,44 140,44 141,60Z", pal.robe),
        path("M105,64L102,37L115,51L125,31L135,51L148,37L145,64Z", GOLD),
        path("M105,59L145,59L145,68L105,68Z", GOLD),
        circle(102, 36.5, 3.2, "#fff"),
        circle(125, 30.5, 3.6, "#fff"),
        circle(148, 36.5, 3.2, "#fff"),
        *(circle(x, 63.5, 2.4, pal.lining, "none") for x in (114, 125, 136)),
        path("M100,121C110,132 140,132 150,121L155,127C145,141 105,141 95,127Z", "#fff"),
        spots,
        path("M82,30L86,40L86,128L78,128L78,40Z", "#dfe3e8"),
        path("M82,43L82,125", "none", "#9aa3ad", 1.2),
        path("M68,126L96,126L96,132L68,132Z", GOLD),
    ]
    back = path("M106,70C101,86 102,100 108,108L142,108C148,100 149,86 144,70Z", pal.hair)
    return [back], front


def lace(p0: tuple[float, float], p1: tuple[float, float], p2: tuple[float, float]) -> str:
    """A scalloped white lace edge hanging below a quadratic curve."""
    pts = quad(p0, p1, p2, 9)
    d = [f"M{num(p0[0])},{num(p0[1])}"]
    for (ax, ay), (bx, by) in itertools.pairwise(pts):
        r = math.hypot(bx - ax, by - ay) * 0.55
        d.append(f"A{num(r)},{num(r)} 0 0 0 {num(bx)},{num(by)}")
    d.append(f"Q{num(p1[0])},{num(p1[1])} {num(p0[0])},{num(p0[1])}Z")
    return path("".join(d), "#fff", INK, 0.9)


def queen_parts(pal: Palette, peppa: bool) -> tuple[list[str], list[str]]:
    """Veil and hair; then tiara, neckline, necklace and a rose."""
    jewel = use("S", 125, 54, 9, INK) if peppa else circle(125, 54, 2.8, pal.lining)
    pearls = quad((111, 123), (125, 141), (139, 123), 8)
    back = [
        path(
            "M125,42C101,42 92,66 88,96C85,122 80,140 76,156L174,156"
            "C170,140 165,122 162,96C158,66 149,42 125,42Z",
            "#eef0f7",
            pal.lining,
            1.2,
        ),
        path(
            "M105,68C95,94 96,124 100,136L150,136C154,124 155,94 145,68C139,60 111,60 105,68Z",
            pal.hair,
        ),
    ]
    front = [
        path("M107,74C111,63 139,63 143,74C134,68 116,68 107,74Z", pal.hair),
        path("M108,64L111,52L118,58L125,43L132,58L139,52L142,64Z", GOLD),
        jewel,
        path("M104,121Q125,156 146,121Z", SKIN),
        lace((104, 121), (125, 156), (146, 121)),
        *(circle(x, y, 1.7, "#fff", "#8a8a8a") for x, y in pearls[1:-1]),
        use("S" if peppa else "H", 125, 133, 9, GOLD if peppa else pal.lining),
        path("M83,133C81,112 85,92 82,74", "none", "#2f7d32", 2.4),
        path("M82,112C72,106 68,98 70,92C78,96 82,102 82,112Z", "#3f9a44"),
        path("M83,98C92,94 96,86 95,80C88,84 84,90 83,98Z", "#3f9a44"),
        circle(82, 64, 10, "#c8243a"),
        path("M82,59C87,59 88,65 83,67C78,68 76,62 80,60", "none", "#7a0f1e", 1.4),
    ]
    return back, front


def jack_parts(pal: Palette) -> tuple[list[str], list[str]]:
    """Short hair; then feathered cap, ruff, doublet stripes and halberd."""
    ruff = "".join(circle(x, 122 + abs(x - 125) / 6, 4.5, "#fff") for x in range(103, 150, 8))
    front = [
        path("M146,56C150,38 132,26 108,28C120,33 132,42 140,57Z", pal.lining),
        path("M140,55C132,42 122,35 110,30", "none", "#fff", 1.2),
        path("M101,66C98,50 114,42 127,42C141,42 153,50 150,64C140,68 112,68 101,66Z", pal.robe),
        path("M102,62C118,68 134,68 149,61L149,67C134,73 118,73 102,67Z", pal.trim),
        circle(138, 66, 3, pal.lining),
        path("M106,127h4v48h-4ZM140,127h4v48h-4Z", pal.lining, "", 0),
        ruff,
        path("M80,36L84,36L84,134L80,134Z", "#7a4a22"),
        path("M82,27L86,36L78,36Z", "#dfe3e8"),
        path("M84,42C96,40 100,50 98,62C94,58 90,58 84,60Z", "#dfe3e8"),
        path("M80,44C72,46 70,52 72,56L80,54Z", "#dfe3e8"),
    ]
    back = path("M107,76C103,94 106,105 110,110L140,110C144,105 147,94 143,76Z", pal.hair)
    return [back], front


def court_half(rank: str, pal: Palette, peppa: bool) -> list[str]:
    """Everything drawn in the top half of the court panel."""
    if rank == "K":
        back, front = king_parts(pal)
    elif rank == "Q":
        back, front = queen_parts(pal, peppa)
    else:
        back, front = jack_parts(pal)
    return [*back, *robe(rank, pal), *face(rank), *front, *arm(pal)]


def court_panel(pal: Palette, peppa: bool) -> list[str]:
    """Panel frame, corner letter and suit mark, central divider."""
    frame = pal.suit
    out = [
        f'<rect x="58" y="20" width="134" height="310" rx="6" fill="{PAPER}" '
        f'stroke="{frame}" stroke-width="2"/>',
        f'<rect x="62" y="24" width="126" height="302" rx="4" fill="none" '
        f'stroke="{GOLD}" stroke-width="1.2"/>',
    ]
    if peppa:
        for x, y, sx, sy in (
            (66, 28, 1, 1),
            (184, 28, -1, 1),
            (66, 322, 1, -1),
            (184, 322, -1, -1),
        ):
            out.append(scroll(x, y, sx * 0.7, sy * 0.7, GOLD))
    return out


def court_marks(rank: str, suit: str, pal: Palette) -> str:
    """Rank letter and suit mark in the panel's free upper-right corner."""
    return text(172, 52, 24, pal.suit, rank) + use(suit, 172, 68, 16, pal.suit)


def divider(suit: str, pal: Palette, peppa: bool) -> list[str]:
    """The line splitting the two heads, with a small central jewel."""
    out = [
        f'<path d="M62,175H188" stroke="{GOLD}" stroke-width="2.4"/>',
        f'<path d="M62,175H188" stroke="{INK}" stroke-width="0.6"/>',
    ]
    r = 11 if peppa else 8
    out.append(
        f'<circle cx="{CX}" cy="{CY}" r="{r}" fill="{GOLD}" stroke="{INK}" stroke-width="1"/>'
    )
    out.append(use(suit, CX, CY, 2 * r - 5, pal.suit))
    return out


def court_cards(rank: str, suit: str, colour: str) -> list[str]:
    """A framed, double-headed court card."""
    peppa = rank == "Q" and suit == "S"
    robe_colour = PEPPA_ROBE if peppa else ROBES[suit]
    pal = Palette(colour, robe_colour, GOLD, LININGS[suit], HAIR[rank][suit])
    half = "".join(court_half(rank, pal, peppa)) + court_marks(rank, suit, pal)
    return [
        *court_panel(pal, peppa),
        f"<g>{half}</g>",
        f'<g transform="rotate(180 {CX} {CY})">{half}</g>',
        *divider(suit, pal, peppa),
    ]


def face_svg(rank: str, suit: str, colours: dict[str, str]) -> str:
    """Complete SVG for one face card."""
    fill = colours[suit]
    if rank in PIPS:
        middle = pip_cards(rank, suit, fill)
    elif rank == "A":
        middle = ace_cards(suit, fill)
    else:
        middle = court_cards(rank, suit, fill)
    used = "".join(s for s in SUITS if f'#{s}"' in "".join(middle) or s == suit)
    body = [card_base(), *middle, corner_index(rank, suit, fill)]
    return svg_doc(body, used)


# --------------------------------------------------------------------------
# Backs
# --------------------------------------------------------------------------


def diagonals(x0: float, y0: float, x1: float, y1: float, step: float) -> str:
    """Path data for a diagonal lattice centred on the card, clipped to a box."""
    segs = []
    half = math.ceil((x1 - x0 + y1 - y0) / step)
    for sign in (1, -1):
        for k in range(-half, half + 1):
            c = CY - sign * CX + k * step  # the line y = sign * x + c
            pts = [(x, sign * x + c) for x in (x0, x1)]
            pts += [((y - c) * sign, y) for y in (y0, y1)]
            inside = sorted(p for p in pts if x0 <= p[0] <= x1 and y0 <= p[1] <= y1)
            if len(inside) >= 2 and inside[-1][0] - inside[0][0] > 1:
                (ax, ay), (bx, by) = inside[0], inside[-1]
                segs.append(f"M{num(ax)},{num(ay)}L{num(bx)},{num(by)}")
    return "".join(segs)


def lattice_dots(x0: float, y0: float, x1: float, y1: float, step: float) -> str:
    """Tiny diamonds at the lattice crossings (path data)."""
    out = []
    nx, ny = int((x1 - x0) / step) + 1, int((y1 - y0) / step) + 1
    for n in range(-ny, ny + 1):
        for m in range(-nx, nx + 1):
            x, y = CX + m * step / 2, CY + n * step / 2
            inner = x0 + 3 < x < x1 - 3 and y0 + 3 < y < y1 - 3
            if (m + n) % 2 == 0 and inner:
                out.append(f"M{num(x)},{num(y - 2.2)}l2.2,2.2l-2.2,2.2l-2.2-2.2Z")
    return "".join(out)


def back_svg(colour: str) -> str:
    """An elegant lattice back with a double border and a medallion."""
    x0, y0, x1, y1, step = 22.0, 22.0, 228.0, 328.0, 17.0
    body = [
        card_base(),
        f'<rect x="11" y="11" width="228" height="328" rx="8" fill="{colour}"/>',
        f'<path d="{diagonals(x0, y0, x1, y1, step)}" stroke="#fff" '
        'stroke-opacity="0.38" stroke-width="1.1" fill="none"/>',
        f'<path d="{lattice_dots(x0, y0, x1, y1, step)}" fill="#fff" fill-opacity="0.7"/>',
        '<rect x="16.5" y="16.5" width="217" height="317" rx="5" fill="none" '
        'stroke="#fff" stroke-width="2"/>',
        f'<rect x="21" y="21" width="208" height="308" rx="3" fill="none" '
        f'stroke="{GOLD}" stroke-width="1.2"/>',
        f'<ellipse cx="{CX}" cy="{CY}" rx="48" ry="64" fill="{colour}" '
        'stroke="#fff" stroke-width="2.5"/>',
        f'<ellipse cx="{CX}" cy="{CY}" rx="42" ry="58" fill="none" '
        f'stroke="{GOLD}" stroke-width="1.2"/>',
    ]
    for suit, dx, dy in (("S", 0, -28), ("H", 0, 28), ("C", -20, 0), ("D", 20, 0)):
        body.append(use(suit, CX + dx, CY + dy, 22, "#fff"))
    return svg_doc(body, SUITS)


# --------------------------------------------------------------------------
# Icon
# --------------------------------------------------------------------------


def icon_card(angle: float, cx: float, inner: str) -> str:
    """One tilted card for the icon."""
    return (
        f'<g transform="rotate({num(angle)} {num(cx)} 232)">'
        f'<rect x="{num(cx - 62)}" y="40" width="124" height="176" rx="14" '
        f'fill="#fff" stroke="{INK}" stroke-width="7"/>{inner}</g>'
    )


def icon_svg() -> str:
    """Draw the application icon: the queen of spades fanned over a heart."""
    heart = use("H", 100, 118, 84, TWO_COLOUR["H"])
    spade = use("S", 150, 140, 86, INK)
    q = text(122, 98, 44, INK, "Q")
    cards = icon_card(-16, 96, heart) + icon_card(12, 150, q + spade)
    # The fanned pair spans about x -21..255, y 26..238: fit it with a margin.
    body = [f'<g transform="translate(26 13) scale(0.87)">{cards}</g>']
    return svg_doc(body, "HS", 256, 256)


# --------------------------------------------------------------------------
# Output
# --------------------------------------------------------------------------

LICENSE = """\
Peppa card art
==============

Every SVG in this directory (faces, four-colour faces in fourcolor/, the
large-index faces in large/ and large/fourcolor/, backs) and
peppa_qt/assets/icon/peppa.svg is generated by tools/gen_cards.py (the
large-index faces by tools/large_index.py, which it calls).  The artwork
is original to the Peppa project and is released under the MIT licence,
like the rest of the project.  Do not edit the SVGs by hand: change the
script and run

    python tools/gen_cards.py

The test tests/assets/test_card_art.py checks that the committed files match
the script's output byte for byte.
"""


def deck_files() -> Iterator[tuple[str, str]]:
    """Yield (relative path, content) for every file below OUTDIR."""
    import large_index  # beside this script; it draws with this module's pieces

    designs = (("", face_svg), ("large/", large_index.face_svg))
    schemes = (("", TWO_COLOUR), ("fourcolor/", FOUR_COLOUR))
    for (design, draw), (scheme, colours) in itertools.product(designs, schemes):
        for suit in SUITS:
            for rank in RANKS:
                yield f"{design}{scheme}{rank}{suit}.svg", draw(rank, suit, colours)
    for name, colour in BACKS.items():
        yield f"back-{name}.svg", back_svg(colour)
    yield "LICENSE.txt", LICENSE


def write(target: Path, content: str) -> None:
    """Write *content* with LF line endings, only if it changed."""
    target.parent.mkdir(parents=True, exist_ok=True)
    data = content.encode("utf-8")
    if not target.exists() or target.read_bytes() != data:
        target.write_bytes(data)


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("outdir", nargs="?", default="peppa_qt/assets/cards", type=Path)
    parser.add_argument(
        "--icon", type=Path, default=None, help="icon path (default: OUTDIR/../icon/peppa.svg)"
    )
    args = parser.parse_args(argv)
    outdir: Path = args.outdir
    icon: Path = args.icon or outdir.parent / "icon" / "peppa.svg"
    count = 0
    for rel, content in deck_files():
        write(outdir / rel, content)
        count += 1
    write(icon, icon_svg())
    print(f"wrote {count} files to {outdir} and the icon to {icon}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
