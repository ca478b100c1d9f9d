"""Text and HTML (inline SVG) renderings of cards, bids and deals for Jupyter and the CLI.

Every card face is an inline SVG with ``role="img"`` and an ``aria-label`` in
words ("Jack of diamonds"); colours come from CSS variables so that light and
dark themes both read well.  No fonts or images are fetched.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from .bids import Bid
from .cards import Card, Suit
from .deal import Deal
from .display import draws
from .i18n import gettext as _

__all__ = ["CARD_CSS", "bid_html", "card_back_svg", "card_svg", "cards_html", "deal_html", "deal_text", "piles_html"]

_FOUR_COLOUR = {Suit.SPADES: "#1b1b1b", Suit.HEARTS: "#c8102e", Suit.DIAMONDS: "#1f5fbf", Suit.CLUBS: "#1f7a3a"}

CARD_CSS = """
.fht-cards{display:flex;flex-wrap:wrap;gap:4px;align-items:flex-end;margin:4px 0}
.fht-card{width:var(--fht-card-w,46px);height:calc(var(--fht-card-w,46px)*1.4);display:inline-block}
.fht-card .face{fill:var(--fht-card-bg,#fff);stroke:var(--fht-card-edge,#888)}
.fht-card .red{fill:var(--fht-red,#c8102e)} .fht-card .black{fill:var(--fht-black,#1b1b1b)}
.fht-card .joker{fill:var(--fht-joker,#6b2fa8)}
.fht-card.highlight .face{stroke:var(--fht-highlight,#e0a800);stroke-width:3}
.fht-deal{font-family:system-ui,sans-serif;color:inherit}
.fht-deal td,.fht-deal th{padding:2px 6px;vertical-align:top;text-align:left}
.fht-card .back{fill:var(--fht-back,#2f4f8f);stroke:var(--fht-card-edge,#888)}
.fht-card .back-inner{fill:none;stroke:#d7e0f5;stroke-width:1.5;stroke-dasharray:3 2}
.fht-piles{display:flex;flex-wrap:wrap;gap:6px;margin:4px 0 8px}
.fht-pile{position:relative;width:52px;height:74px;flex:none}
.fht-pile .fht-card{position:absolute;left:0;top:0}
.fht-pile .fht-card+.fht-card{left:6px;top:10px}
"""


def card_svg(card: Card, *, four_colour: bool = False, highlight: bool = False, width: int = 46) -> str:
    """One card face as inline SVG, labelled for screen readers."""
    label = html.escape(card.name)
    cls = "fht-card" + (" highlight" if highlight else "")
    if card.suit is None:
        body = (
            '<text x="30" y="40" text-anchor="middle" font-size="22" class="joker">★</text>'
            f'<text x="30" y="62" text-anchor="middle" font-size="11" font-weight="700" class="joker">{label.upper()}</text>'
        )
    else:
        colour_cls = "red" if card.suit.is_red else "black"
        fill = f' style="fill:{_FOUR_COLOUR[card.suit]}"' if four_colour else ""
        rank = html.escape(card.rank_label)
        sym = card.suit.symbol
        body = (
            f'<text x="6" y="17" font-size="14" font-weight="700" class="{colour_cls}"{fill}>{rank}</text>'
            f'<text x="6" y="31" font-size="13" class="{colour_cls}"{fill}>{sym}</text>'
            f'<text x="32" y="60" text-anchor="middle" font-size="28" class="{colour_cls}"{fill}>{sym}</text>'
            f'<text x="54" y="72" text-anchor="end" font-size="14" font-weight="700" class="{colour_cls}"{fill} '
            f'transform="rotate(180 48 68)">{rank}</text>'
        )
    return (
        f'<svg class="{cls}" viewBox="0 0 60 84" width="{width}" height="{int(width * 1.4)}" role="img" '
        f'aria-label="{label}"><title>{label}</title>'
        '<rect class="face" x="1" y="1" width="58" height="82" rx="6" ry="6"/>'
        f"{body}</svg>"
    )


def card_back_svg(*, width: int = 46) -> str:
    """A face-down card (a picture only: the pile or row it is in says what it is)."""
    return (
        f'<svg class="fht-card" viewBox="0 0 60 84" width="{width}" height="{int(width * 1.4)}" aria-hidden="true">'
        '<rect class="back" x="1" y="1" width="58" height="82" rx="6" ry="6"/>'
        '<rect class="back-inner" x="7" y="7" width="46" height="70" rx="4" ry="4"/></svg>'
    )


def piles_html(deal: Deal, seat: int, *, width: int = 40) -> str:
    """The 2-player game: a seat's table piles drawn as cards, each top card over the face-down card under it."""
    who = deal.rules.seat_name(seat)
    piles, words = [], []
    for down, top, up in deal.table_piles(seat):
        faces = card_back_svg(width=width) if down is not None else ""
        if top is not None:
            faces += card_svg(top, width=width) if up else card_back_svg(width=width)
        piles.append(f'<span class="fht-pile" aria-hidden="true">{faces}</span>')
        said = (top.name + " face up" if up else "a face-down card") if top is not None else "empty"
        words.append(said + (" on a face-down card" if down is not None and top is not None else ""))
    label = html.escape(f"{who}'s table piles: " + "; ".join(words))
    return f'<style>{CARD_CSS}</style><div class="fht-piles" role="img" aria-label="{label}">{"".join(piles)}</div>'


def cards_html(
    cards: Sequence[Card], *, label: str | None = None, highlight: Sequence[Card] = (), four_colour: bool = False
) -> str:
    """A row of card faces (a hand, a trick)."""
    aria = html.escape(label or ", ".join(c.name for c in cards) or _("no cards"))
    faces = "".join(card_svg(c, highlight=c in highlight, four_colour=four_colour) for c in cards)
    return f'<style>{CARD_CSS}</style><div class="fht-cards" role="group" aria-label="{aria}">{faces}</div>'


def bid_html(bid: Bid) -> str:
    colour = "var(--fht-red,#c8102e)" if bid.trump is not None and bid.trump.is_red else "inherit"
    return f'<span class="fht-bid" style="color:{colour};font-weight:700" aria-label="{html.escape(bid.words)}">{html.escape(str(bid))}</span>'


def _hand_line(cards: Sequence[Card]) -> str:
    by_suit: dict[Suit | None, list[Card]] = {}
    for c in cards:
        by_suit.setdefault(c.suit, []).append(c)
    parts = []
    for suit in (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS, None):
        group = sorted(by_suit.get(suit, []), key=lambda c: -c.rank)
        if not group:
            continue
        if suit is None:
            parts.append(group[0].name)
        else:
            parts.append(suit.symbol + " " + " ".join(c.rank_label for c in group))
    return "  ".join(parts) or "—"


def deal_text(deal: Deal) -> str:
    """A readable plain-text picture of the deal."""
    rules = deal.rules
    # played out, every hand is empty: show the hands as they were dealt (the kitty always is)
    dealt = deal.root() if deal.is_over else deal
    lines = [
        f"Five Hundred, {rules.players} players; dealer {rules.seat_name(deal.dealer)}"
        + ("; the hands as dealt" if dealt is not deal else "")
    ]
    for seat in range(rules.players):
        marker = "*" if seat == deal.to_move else " "
        lines.append(f"{marker} {rules.seat_name(seat):<11} {_hand_line(dealt.hands[seat])}")
        if deal.table is not None:
            piles = []
            for down, top, up in dealt.table_piles(seat):
                if top is None:
                    piles.append("[  ]")
                else:
                    piles.append(f"[{top if up else '??'}{'/▒' if down is not None else ''}]")
            lines.append(f"  {'table':<11} {' '.join(piles)}")
    lines.append(f"  {'Kitty':<11} {_hand_line(deal.kitty)}")
    if deal.auction:
        calls = ", ".join(f"{rules.seat_name(s)} {c}" for s, c in deal.auction)
        lines.append(f"Auction: {calls}")
    if deal.contract is not None and deal.declarer is not None:
        lines.append(f"Contract: {deal.contract} by {rules.seat_name(deal.declarer)}")
    if deal.discards:
        lines.append(f"Discards: {' '.join(str(c) for c in deal.discards)}")
    for i, trick in enumerate(deal.tricks, 1):
        cards = " ".join(
            f"{rules.seat_name(s)[0] if rules.players != 6 else rules.seat_name(s)}:{c}" for s, c, _ in trick.plays
        )
        lines.append(f"Trick {i:>2}: {cards}  → {rules.seat_name(trick.winner)}")
    if deal.trick:
        lines.append("Current trick: " + " ".join(str(c) for _, c, _ in deal.trick))
    if deal.is_over:
        lines.append(deal.result().summary)
    else:
        lines.append(
            f"Phase: {deal.phase}; to move: {rules.seat_name(deal.to_move) if deal.to_move is not None else '—'}"
        )
    return "\n".join(lines)


#: a deal's phase as a learner reads it (the caption of a deal's picture)
_PHASE_WORDS = {"auction": "the auction", "kitty": "the declarer's discards", "play": "the play", "done": "played out"}


def deal_html(deal: Deal) -> str:
    """The deal as an HTML table of card faces (used by ``Deal._repr_html_``)."""
    rules = deal.rules
    rows = []
    for seat in range(rules.players):
        who = html.escape(rules.seat_name(seat))
        mark = " (to move)" if seat == deal.to_move else ""
        if deal.declarer == seat:
            mark += " — declarer"
        row = f"<tr><th scope='row'>{who}{mark}</th><td>{cards_html(deal.hands[seat], label=f'{who} hand')}"
        if deal.table is not None:
            row += piles_html(deal, seat)
        rows.append(row + "</td></tr>")
    info = []
    if deal.contract is not None and deal.declarer is not None:
        info.append(f"Contract {bid_html(deal.contract)} by {html.escape(rules.seat_name(deal.declarer))}")
    if deal.trick:
        info.append("Trick: " + cards_html([c for _, c, _ in deal.trick], label="current trick"))
    if deal.is_over:
        info.append(html.escape(deal.result().summary))
    return (
        f"<div class='fht-deal'><table><caption>A deal of Five Hundred, {rules.players} players: "
        f"{_PHASE_WORDS.get(str(deal.phase), str(deal.phase))}</caption>{''.join(rows)}</table>"
        f"<p>{'<br>'.join(info)}</p></div>"
    )


# the engine's values show themselves through these (see display.py: the engine does not import this module)
draws(Card, "html", lambda card: cards_html([card]))
draws(Bid, "html", bid_html)
draws(Deal, "html", deal_html)
draws(Deal, "text", deal_text)
