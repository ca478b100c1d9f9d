"""Text and HTML (inline SVG) renderings of cards, bids and deals for Jupyter and the CLI.

Every card face is an inline SVG with ``role="img"`` and an ``aria-label`` in
words ("Jack of diamonds"); colours come from CSS variables so that light and
dark themes both read well.  No fonts or images are fetched.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from .bids import Bid
from .cards import Card, Suit, short_names
from .deal import Deal
from .display import draws
from .i18n import gettext as _
from .i18n import gettext_noop as N_
from .i18n import ngettext, pgettext
from .rules import Rules

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
    who = deal.rules.local_seat_name(seat)
    piles, words = [], []
    for down, top, up in deal.table_piles(seat):
        faces = card_back_svg(width=width) if down is not None else ""
        if top is not None:
            faces += card_svg(top, width=width) if up else card_back_svg(width=width)
        piles.append(f'<span class="fht-pile" aria-hidden="true">{faces}</span>')
        if top is None:
            said = _("empty")
        elif not up:
            said = _("a face-down card")
        elif down is not None:
            said = _("{card} face up on a face-down card").format(card=top.name)
        else:
            said = _("{card} face up").format(card=top.name)
        words.append(said)
    label = html.escape(_("{seat}'s table piles: {piles}").format(seat=who, piles="; ".join(words)))
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


def _phase_words(phase: str) -> str:
    return {
        "auction": pgettext("deal phase", "auction"),
        "kitty": pgettext("deal phase", "kitty"),
        "play": pgettext("deal phase", "play"),
        "done": pgettext("deal phase", "done"),
    }.get(str(phase), str(phase))


def _seat_short(rules: Rules, seat: int) -> str:
    """A seat in a trick line: its initial (``N``), or with 6 players its whole name."""
    if rules.players == 6:
        return rules.local_seat_name(seat)
    initial = rules.seat_name(seat)[0]
    initials = {
        # Translators: a seat's initial in a trick line ("Trick  1: N:7♣ E:J♦ …"): N North, E East, S South,
        # W West; a few letters are fine ("Pn", "Pd") as long as no two seats look alike
        "N": pgettext("seat initial", "N"),
        "E": pgettext("seat initial", "E"),
        "S": pgettext("seat initial", "S"),
        "W": pgettext("seat initial", "W"),
    }
    return initials.get(initial, initial)


def deal_text(deal: Deal) -> str:
    """A readable plain-text picture of the deal (``str(deal)``), in the reader's language.

    >>> from fivehundred_tutor import Rules
    >>> deal_text(Deal.new(Rules(), seed=4)).splitlines()[0]
    'Five Hundred, 4 players; dealer North'
    """
    from .explain import call_label

    rules = deal.rules
    # played out, every hand is empty: show the hands as they were dealt (the kitty always is)
    dealt = deal.root() if deal.is_over else deal
    dealer = rules.local_seat_name(deal.dealer)
    if dealt is not deal:
        head = ngettext(
            "Five Hundred, {n} player; dealer {seat}; the hands as dealt",
            "Five Hundred, {n} players; dealer {seat}; the hands as dealt",
            rules.players,
        )
    else:
        head = ngettext(
            "Five Hundred, {n} player; dealer {seat}", "Five Hundred, {n} players; dealer {seat}", rules.players
        )
    lines = [head.format(n=rules.players, seat=dealer)]
    names = [rules.local_seat_name(s) for s in range(rules.players)]
    table_word = pgettext("2-player table piles", "table")
    kitty_word = pgettext("the deal's kitty", "Kitty")
    width = max(11, *(len(n) for n in (*names, table_word, kitty_word)))
    for seat in range(rules.players):
        marker = "*" if seat == deal.to_move else " "
        lines.append(f"{marker} {names[seat]:<{width}} {_hand_line(dealt.hands[seat])}")
        if deal.table is not None:
            piles = []
            for down, top, up in dealt.table_piles(seat):
                if top is None:
                    piles.append("[  ]")
                else:
                    piles.append(f"[{top.short_name if up else '??'}{'/▒' if down is not None else ''}]")
            lines.append(f"  {table_word:<{width}} {' '.join(piles)}")
    lines.append(f"  {kitty_word:<{width}} {_hand_line(deal.kitty)}")
    if deal.auction:
        # Translators: one call in the auction line: the seat, then the call ("East 6♣", "South pass")
        calls = ", ".join(_("{seat} {call}").format(seat=names[s], call=call_label(c)) for s, c in deal.auction)
        lines.append(_("Auction: {calls}").format(calls=calls))
    if deal.contract is not None and deal.declarer is not None:
        contract = call_label(deal.contract)
        lines.append(_("Contract: {contract} by {seat}").format(contract=contract, seat=names[deal.declarer]))
    if deal.discards:
        lines.append(_("Discards: {cards}").format(cards=short_names(deal.discards)))
    for i, trick in enumerate(deal.tricks, 1):
        cards = " ".join(f"{_seat_short(rules, s)}:{c.short_name}" for s, c, _src in trick.plays)
        # Translators: a trick's number (right-aligned to 2 places), its cards, and who won it
        lines.append(_("Trick {i:>2}: {cards}  → {seat}").format(i=i, cards=cards, seat=names[trick.winner]))
    if deal.trick:
        cards = short_names(c for _s, c, _src in deal.trick)
        lines.append(_("Current trick: {cards}").format(cards=cards))
    if deal.is_over:
        lines.append(deal.result().summary)
    else:
        to_move = names[deal.to_move] if deal.to_move is not None else "—"
        lines.append(_("Phase: {phase}; to move: {seat}").format(phase=_phase_words(deal.phase), seat=to_move))
    return "\n".join(lines)


#: a deal's phase as a learner reads it (the caption of a deal's picture)
_PHASE_WORDS = {
    "auction": N_("the auction"),
    "kitty": N_("the declarer's discards"),
    "play": N_("the play"),
    "done": N_("played out"),
}


def deal_html(deal: Deal) -> str:
    """The deal as an HTML table of card faces (used by ``Deal._repr_html_``)."""
    rules = deal.rules
    rows = []
    for seat in range(rules.players):
        name = rules.local_seat_name(seat)
        who = html.escape(name)
        mark = " " + _("(to move)") if seat == deal.to_move else ""
        if deal.declarer == seat:
            mark += " — " + _("declarer")
        hand_label = _("{seat}'s hand").format(seat=name)
        row = f"<tr><th scope='row'>{who}{html.escape(mark)}</th><td>{cards_html(deal.hands[seat], label=hand_label)}"
        if deal.table is not None:
            row += piles_html(deal, seat)
        rows.append(row + "</td></tr>")
    info = []
    if deal.contract is not None and deal.declarer is not None:
        by = html.escape(rules.local_seat_name(deal.declarer))
        info.append(html.escape(_("Contract {contract} by {seat}")).format(contract=bid_html(deal.contract), seat=by))
    if deal.trick:
        trick = cards_html([c for _, c, _ in deal.trick], label=_("the cards played to this trick"))
        info.append(html.escape(_("Trick:")) + " " + trick)
    if deal.is_over:
        info.append(html.escape(deal.result().summary))
    phase = str(deal.phase)
    caption = ngettext(
        "A deal of Five Hundred, {n} player: {phase}", "A deal of Five Hundred, {n} players: {phase}", rules.players
    ).format(n=rules.players, phase=_(_PHASE_WORDS[phase]) if phase in _PHASE_WORDS else phase)
    return (
        f"<div class='fht-deal'><table><caption>{html.escape(caption)}</caption>{''.join(rows)}</table>"
        f"<p>{'<br>'.join(info)}</p></div>"
    )


# the engine's values show themselves through these (see display.py: the engine does not import this module)
draws(Card, "html", lambda card: cards_html([card]))
draws(Bid, "html", bid_html)
draws(Deal, "html", deal_html)
draws(Deal, "text", deal_text)
