"""The large-index deck of tools/gen_cards.py: faces that read at a glance on a small table.

Each face carries its rank and suit large in the top-left corner (and turned, bottom right),
the part a fanned hand shows: on a 1024×640 window with the score sheet open a card is some
72 px high and only its left third shows. The middle keeps out of the indices' way: small
pips in two narrow columns, one large pip for an ace, and for a court card a framed emblem
(crown, tiara, cap) rather than a figure, which at that size would be a blur (and would double
the art's size). Drawn with gen_cards' own pieces, so the two decks share suits, colours and
the font.
"""

from __future__ import annotations

import gen_cards as base
from gen_cards import CX, CY, GOLD, INK, PAPER, PIPS, SUITS, num, path, text, use

#: The index: the rank's font size and centre, the suit's size and centre (card units).
RANK_SIZE, RANK_X, RANK_Y = 84.0, 44.0, 92.0
SUIT_SIZE, SUIT_Y = 62.0, 138.0
#: The number cards' pips: two columns this far from the middle, between these rows.
PIP_GAP, PIP_SIZE, PIP_TOP, PIP_BOTTOM = 23.0, 28.0, 44.0, 306.0
#: A court card's picture: a framed block beside each index, top right and (turned) bottom left.
BLOCK_X, BLOCK_Y, BLOCK_W, BLOCK_H = 88.0, 14.0, 148.0, 154.0
#: Each court's emblem, drawn in a box about 60 wide and 44 high centred on the origin.
EMBLEMS = {
    "K": "M-28,18L-32,-14L-15,0L0,-24L15,0L32,-14L28,18Z",
    "Q": "M-26,18L-22,-6Q-11,6 0,-14Q11,6 22,-6L26,18Z",
    "J": "M-28,18C-30,-4 -12,-14 4,-14C20,-14 30,-4 28,18Z",
}
FEATHER = "M10,-12C16,-30 32,-36 42,-32C32,-28 24,-20 20,-10Z"


def rank_mark(rank: str, x: float, y: float, fill: str) -> str:
    """The rank, large; "10" as two narrow digits so it is no wider than a "Q"."""
    if rank != "T":
        return text(x, y, RANK_SIZE, fill, rank)
    size = RANK_SIZE
    one = text(-size * 0.3, 0, size, fill, "1")
    zero = text(size * 0.27, 0, size, fill, "0")
    return f'<g transform="translate({num(x)} {num(y)}) scale(0.7 1)">{one}{zero}</g>'


def index(rank: str, suit: str, fill: str) -> str:
    """Rank and suit top left, and the same turned bottom right."""
    group = rank_mark(rank, RANK_X, RANK_Y, fill) + use(suit, RANK_X, SUIT_Y, SUIT_SIZE, fill)
    return f'<g>{group}</g>\n<g transform="rotate(180 {CX} {CY})">{group}</g>'


def pips(rank: str, suit: str, fill: str) -> list[str]:
    """The number cards' pips in the narrow middle, the lower ones turned."""
    out = []
    for col, row in PIPS[rank]:
        y = PIP_TOP + row * (PIP_BOTTOM - PIP_TOP)
        out.append(use(suit, CX + col * PIP_GAP, y, PIP_SIZE, fill, flip=row > 0.5))
    return out


def ace(suit: str, fill: str) -> list[str]:
    """One large pip; the ace of spades ringed in gold, as in the classic deck."""
    out = [use(suit, CX, CY, 62, fill)]
    if suit == "S":
        ring = f'<circle cx="{CX}" cy="{CY}" r="{{r}}" fill="none" stroke="{{c}}" {{w}}/>'
        out.insert(0, ring.format(r=46, c=fill, w='stroke-width="1.5"'))
        out.insert(1, ring.format(r=41, c=GOLD, w='stroke-width="3" stroke-dasharray="2 5"'))
    return out


def emblem(rank: str, suit: str, fill: str, peppa: bool) -> str:
    """A court's top half: a block with its emblem in gold over its suit, in its robe's tint."""
    robe = base.PEPPA_ROBE if peppa else base.ROBES[suit]
    x, y, w, h = BLOCK_X, BLOCK_Y, BLOCK_W, BLOCK_H
    mid = x + w / 2
    block = (
        f'<rect x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}" rx="6" '
        f'fill="{PAPER}" stroke="{fill}" stroke-width="2"/>'
        f'<rect x="{num(x + 5)}" y="{num(y + 5)}" width="{num(w - 10)}" height="{num(h - 10)}" '
        f'rx="4" fill="{robe}" fill-opacity="{0.3 if peppa else 0.16}" stroke="{GOLD}" '
        'stroke-width="1.2"/>'
    )
    jewels = "".join(
        f'<circle cx="{j}" cy="10" r="3.2" fill="{base.LININGS[suit]}" stroke="{INK}" '
        'stroke-width="0.8"/>'
        for j in (-13, 0, 13)
    )
    mark = use("S", 0, -4, 13, INK) if peppa else ""
    crown = path(EMBLEMS[rank], GOLD, INK, 1.6)
    if rank == "J":  # the cap's feather
        crown = path(FEATHER, base.LININGS[suit], INK, 1.2) + crown
    picture = f'<g transform="translate({num(mid)} 70) scale(1.35)">{crown}{jewels}{mark}</g>'
    name = text(mid, y + h - 12, 14, robe, "P E P P A") if peppa else ""
    return block + picture + use(suit, mid, 128, 34, fill) + name


def court(rank: str, suit: str, fill: str) -> list[str]:
    """The emblem's block top right, and the same turned bottom left."""
    half = emblem(rank, suit, fill, rank == "Q" and suit == "S")
    return [f"<g>{half}</g>", f'<g transform="rotate(180 {CX} {CY})">{half}</g>']


def face_svg(rank: str, suit: str, colours: dict[str, str]) -> str:
    """Complete SVG for one large-index face."""
    fill = colours[suit]
    if rank in PIPS:
        middle = pips(rank, suit, fill)
    elif rank == "A":
        middle = ace(suit, fill)
    else:
        middle = court(rank, suit, fill)
    used = "".join(s for s in SUITS if f'#{s}"' in "".join(middle) or s == suit)
    return base.svg_doc([base.card_base(), *middle, index(rank, suit, fill)], used)
