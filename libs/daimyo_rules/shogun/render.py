"""A readable terminal rendering of what a Shogun seat (or a spectator) sees, for the CLI."""

from __future__ import annotations

from daimyo_rules.shogun import tower
from daimyo_rules.shogun.data import tables
from daimyo_rules.shogun.state import ShogunState
from daimyo_rules.shogun.summary import buildings_json
from daimyo_rules.shogun.view import view


def _province_line(st: ShogunState, p: int) -> str:
    t = tables()
    owner = st.owner[p]
    who = f"seat {owner}" if owner >= 0 else ("out of play" if not st.in_play[p] else "neutral")
    extra = " ".join(buildings_json(st.buildings[p]))
    marks = f" revolt x{st.markers[p]}" if st.markers[p] else ""
    return (f"  {t.names[p]:<12} tax {t.tax[p]} rice {t.rice[p]} sites {t.sites[p]}  "
            f"{who:<11} armies {st.armies[p]:>2} {extra}{marks}").rstrip()


def render(st: ShogunState, seat: int | None) -> str:
    v = view(st, seat)
    lines = [f"Shogun ({st.players} players, {st.side} side) - year {st.year}, {st.season} - {v['stage']}"]
    lines.append(f"to act: {v['to_act']}" + (f"  winners: {v['winners']}" if v["finished"] else ""))
    ev = v["events"]
    lines.append(f"events this year: {ev['this_year']} used {ev['used']} now {ev['current']}")
    if st.action_order:
        cards = [k or "?" for k in v["action_cards"]]
        lines.append("actions: " + " ".join(f"{i + 1}:{k}" for i, k in enumerate(cards)))
    if st.specials:
        lines.append("specials: " + " ".join(f"{i + 1}:{k}" for i, k in enumerate(st.specials)))
    lines.append(f"tray {tower.counts_json(st.tray)}  peasants in supply {st.peasants}")
    for s, info in v["seats"].items():
        lines.append(f"seat {s}: vp {info['vp']} chests {info['chests']} rice {info['rice']} "
                     f"supply {info['supply']} provinces {len(info['province_cards'])} "
                     f"special {info['special'] or '-'} bid {info['bid'] or '-'}")
    regions = tables().regions[st.side]
    for region in sorted(set(regions)):
        lines.append(f"{region}:")
        lines.extend(_province_line(st, p) for p in range(len(regions)) if regions[p] == region)
    if v["your_plan"]:
        lines.append(f"your plan: {v['your_plan']}")
    if v["legal"]:
        lines.append(f"you may: {v['legal']['type']}")
    return "\n".join(lines)
