"""Table Set Up: the random river and estuary battles, and the objective
cards (Table Set Up; River Battle; Estuary Battle; Tides; Game Objectives).

The table is six squares, two across and three along; 1 and 2 upstream.
The fleet commanders throw a die each (a tie throws again) for each of:

1. which end of the table is upstream (the winner chooses; the Confederates
   are always upstream);
2. the six terrain cards (shore fort or island fort, town, port, two small
   islands with a channel, two straight and two curved sandbars of a die's
   depth each), shuffled and dealt in order to squares 1 to 6: the winner of
   each throw places that square's feature;
3. the minefields (one real and one dummy on a river, two of each on an
   estuary), placed by the winner; which are real is his secret;
4. the current: the winner throws a die for it; the lanes across the river
   run at the die less 3, 2, 1, 2, 3 knots.

Then the depth (three dice for a river, four for an estuary, two more for
the tidal range), a fort's guns (a die) and CPV (two dice), the Confederates
a ship fewer with a fort; the weather; the objective cards dealt (three each,
one discarded, in secret); the fleets placed at their ends.

A historical scenario skips all of it but the weather and placing fleets.
"""

from __future__ import annotations

import itertools
import math
from typing import Any, Final, Literal

from quarterdeck.core.dice import Deck
from quarterdeck.core.engine import Context
from quarterdeck.core.explain import total
from quarterdeck.core.prompts import Field, Option, Prompt
from quarterdeck.rulesets.acw_river.dice import draw, roll
from quarterdeck.rulesets.acw_river.setup import circle, deploy, roll_weather
from quarterdeck.rulesets.acw_river.state import (
    Aground,
    Feature,
    Fort,
    Gun,
    Minefield,
    Place,
    State,
)
from quarterdeck.rulesets.acw_river.tables import Tables
from quarterdeck.rulesets.acw_river.terrain import rect, square_box

R_SETUP: Final = "Table Set Up"
R_RIVER: Final = "Table Set Up: River Battle"
R_ESTUARY: Final = "Table Set Up: Estuary Battle"
R_TIDES: Final = "Tides"
R_OBJ: Final = "Game Objectives"
R_FORT: Final = "Forts (if not historical)"

Vec = tuple[float, float]

CARD_TITLES: Final = {
    "shore-fort": "Shore fort",
    "island-fort": "Island fort",
    "town": "Shore town",
    "port": "Shore port",
    "islands": "Two small islands with a channel",
    "straight-sandbars": "Two straight sandbars",
    "curved-sandbars": "Two curved sandbars",
}


def rule_for(state: State) -> str:
    return R_ESTUARY if state.table.kind == "estuary" else R_RIVER


# --------------------------------------------------------------------------
# The sequence of the set-up


def step(state: State, t: Tables, ctx: Context) -> bool:
    """Run the set-up forward; returns True when it is done."""
    s = state.setup
    stage = s.get("stage", "start")
    if stage == "start":
        if not s.get("random"):
            s["stage"] = "weather"
        else:
            s["stage"] = "ends"
        return False
    if stage == "ends":
        winner = rolloff(
            state, ctx, "Roll-off: which end of the table is upstream", rule_for(state)
        )
        state.ask = {"kind": "ends", "seat": winner}
        s["stage"] = "terrain"
        s["square"] = 0
        cards = list(
            t.setup.estuary_cards if state.table.kind == "estuary" else t.setup.river_cards
        )
        s["terrain_deck"] = {"name": "terrain", "cards": sorted(cards), "drawn": []}
        return False
    if stage == "terrain":
        n = int(s["square"])
        if n >= 6:
            s["stage"] = "minefields"
            return False
        deck = Deck(
            s["terrain_deck"]["name"],
            list(s["terrain_deck"]["cards"]),
            list(s["terrain_deck"]["drawn"]),
        )
        card = draw(
            ctx,
            deck,
            f"Terrain card for square {n + 1}",
            rule_for(state),
            seat=None,
            titles=CARD_TITLES,
        )
        s["terrain_deck"] = {"name": deck.name, "cards": deck.cards, "drawn": deck.drawn}
        ctx.log(f"Square {n + 1}: {CARD_TITLES.get(card, card)}", rule_for(state))
        winner = rolloff(
            state, ctx, f"Roll-off: who places the {CARD_TITLES.get(card, card)}", rule_for(state)
        )
        state.ask = {"kind": "place", "seat": winner, "card": card, "square": n + 1}
        s["square"] = n + 1
        return False
    if stage == "minefields":
        winner = rolloff(state, ctx, "Roll-off: who places the minefields", rule_for(state))
        s["mine_layer"] = winner
        s["stage"] = "lay-mines"
        return False
    if stage == "lay-mines":
        # the secret form is answered by the winner (secret_prompt); then on
        s["stage"] = "current"
        return False
    if stage == "current":
        winner = rolloff(state, ctx, "Roll-off: who throws for the current", rule_for(state))
        die = roll(
            ctx,
            "Speed of the current",
            1,
            rule_for(state),
            seat=winner,
            goal="each lane's current in knots, west to east: the die "
            + ", ".join(f"{k:+d}" for k in t.setup.lanes)
            + " (never below 0)",
            math=total(),
        )[0]
        state.table.lanes = [max(0, die + k) for k in t.setup.lanes]
        ctx.log(
            f"Current downstream, lanes west to east: {state.table.lanes} knots", rule_for(state)
        )
        s["stage"] = "depth"
        return False
    if stage == "depth":
        dice = (
            t.setup.estuary_depth_dice
            if state.table.kind == "estuary"
            else t.setup.river_depth_dice
        )
        depth = sum(
            roll(ctx, "Depth of the water (feet)", dice, rule_for(state), seat=None, math=total())
        )
        state.table.depth = depth
        text = f"Depth {depth} ft"
        if state.table.kind == "estuary" and state.table.tidal:
            tide = sum(
                roll(ctx, "Tidal range (feet)", t.setup.tide_dice, R_TIDES, seat=None, math=total())
            )
            state.table.tide_range = tide
            text += f"; tidal range {tide} ft, at its height all game"
        ctx.log(text, rule_for(state))
        s["stage"] = "fort"
        return False
    if stage == "fort":
        fort_details(state, ctx, t)
        s["stage"] = "weather"
        return False
    if stage == "weather":
        roll_weather(state, ctx, t)
        s["stage"] = "deal" if s.get("random") else "deploy"
        return False
    if stage == "deal":
        deal(state, ctx, t)
        s["stage"] = "discard"
        return False
    if stage == "discard":
        retrieve = [
            side
            for side in state.sides
            if "retrieve" in state.sides[side].objectives and side not in s.get("retrieve", {})
        ]
        if retrieve:
            holder = retrieve[0]
            state.ask = {"kind": "retrieve", "seat": state.enemy(holder), "holder": holder}
            return False
        s["stage"] = "deploy"
        return False
    if stage == "deploy":
        for side in state.sides:
            deploy(state, side, t)
        s["stage"] = "done"
        return True
    return True


ROLLOFF: Final = "the higher die wins; a tie throws again"


def rolloff(state: State, ctx: Context, label: str, rule: str) -> str:
    """Each fleet commander throws a die; the highest wins, a tie throws again."""
    a, b = list(state.sides)
    for _ in range(50):
        da = roll(ctx, f"{label}: {a}", 1, rule, seat=a, goal=ROLLOFF, math=total())[0]
        db = roll(ctx, f"{label}: {b}", 1, rule, seat=b, goal=ROLLOFF, math=total())[0]
        if da != db:
            winner = a if da > db else b
            ctx.log(f"{label}: {winner} wins ({da} to {db})", rule)
            return winner
    return a  # pragma: no cover - fifty ties


# --------------------------------------------------------------------------
# Placing terrain


def water_box(state: State, square: int) -> tuple[float, float, float, float]:
    """The water of a square: the square less the banks."""
    x0, y0, x1, y1 = square_box(state.table, square)
    west, east = state.table.river_x
    return (max(x0, west), y0, min(x1, east), y1)


def placements(state: State, card: str, square: int, t: Tables) -> list[tuple[str, str]]:
    """The places a feature may go in its square (id, words)."""
    if card in ("shore-fort", "town", "port"):
        bank = "west" if square % 2 == 1 else "east"
        return [
            (f"{pos}", f"on the {bank} bank, {pos} part of the square")
            for pos in ("upper", "middle", "lower")
        ]
    if card == "island-fort":
        return [
            (pos, f"an island in the {pos} of the square's water")
            for pos in ("west", "centre", "east")
        ]
    if card == "islands":
        out = []
        for lay in ("abreast", "in-line"):
            for width in range(int(t.setup.channel[0]), int(t.setup.channel[1]) + 1):
                words = (
                    "side by side across the river" if lay == "abreast" else "one above the other"
                )
                out.append((f"{lay}:{width}", f"{words}, channel {width} in"))
        return out
    if card == "straight-sandbars":
        return [
            (lay, f"two bars {words}")
            for lay, words in (
                ("across", "across the river"),
                ("along", "along the river"),
                ("slant", "slanting"),
            )
        ]
    if card == "curved-sandbars":
        return [
            (bow, f"two bars bowed {bow}") for bow in ("upstream", "downstream", "west", "east")
        ]
    return [("here", "here")]


def place_feature(
    state: State, card: str, square: int, where: str, seat: str, ctx: Context, t: Tables
) -> None:
    """Put a terrain card's feature in its square as the winner chose."""
    table = state.table
    x0, y0, x1, y1 = water_box(state, square)
    xc, yc = (x0 + x1) / 2, (y0 + y1) / 2
    rule = rule_for(state)
    confederate = next(n for n, sd in state.sides.items() if sd.nation == "confederate")
    if card in ("shore-fort", "town", "port"):
        west, east = table.river_x
        bank_x = west / 2 if square % 2 == 1 else (east + table.width) / 2
        sy0, sy1 = square_box(table, square)[1], square_box(table, square)[3]
        third = (sy1 - sy0) / 3
        y = {"upper": sy1 - third / 2, "middle": (sy0 + sy1) / 2, "lower": sy0 + third / 2}[where]
        if card == "shore-fort":
            fw, fh = t.setup.fort
            add_fort(
                state,
                f"fort-{square}",
                "Shore fort",
                confederate,
                bank_x,
                y,
                min(fw, west or fw),
                fh,
                t,
            )
        else:
            tw, th = t.setup.town
            pid = f"{card}-{square}"
            name = "Town" if card == "town" else "Port"
            each = round(tw * th * t.forts.building / 6)
            kind: Literal["town", "port"] = "town" if card == "town" else "port"
            state.places[pid] = Place(
                pid,
                name,
                kind,
                round(bank_x, 3),
                round(y, 3),
                min(tw, west or tw),
                th,
                [each] * 6,
                [each] * 6,
            )
    elif card == "island-fort":
        iw, ih = t.setup.island
        cx = {"west": x0 + (x1 - x0) / 4, "centre": xc, "east": x1 - (x1 - x0) / 4}[where]
        state.features.append(
            Feature(f"island-{square}", "land", rect(cx, yc, iw, ih), "island", square)
        )
        fw, fh = t.setup.fort
        add_fort(state, f"fort-{square}", "Island fort", confederate, cx, yc, fw, fh, t)
    elif card == "islands":
        lay, _, width = where.partition(":")
        gap = float(width)
        iw, ih = t.setup.island
        if lay == "abreast":
            off = gap / 2 + iw / 2
            a, b = (xc - off, yc), (xc + off, yc)
            area = (xc - gap / 2, yc - ih / 2, xc + gap / 2, yc + ih / 2)
        else:
            off = gap / 2 + ih / 2
            a, b = (xc, yc + off), (xc, yc - off)
            area = (xc - iw / 2, yc - gap / 2, xc + iw / 2, yc + gap / 2)
        for n, (cx, cy) in enumerate((a, b)):
            state.features.append(
                Feature(
                    f"island-{square}-{n + 1}", "land", rect(cx, cy, iw, ih), "small island", square
                )
            )
        state.setup["islands_area"] = [round(v, 3) for v in area]
    elif card in ("straight-sandbars", "curved-sandbars"):
        for n in range(2):
            depth = roll(
                ctx,
                f"Depth of sandbar {n + 1} in square {square} (feet)",
                1,
                rule,
                seat=seat,
                math=total(),
            )[0]
            poly = sandbar(card, where, n, (x0, y0, x1, y1), t)
            state.features.append(
                Feature(
                    f"sandbar-{square}-{n + 1}",
                    "shoal",
                    poly,
                    f"sandbar ({depth} ft)",
                    square,
                    depth,
                )
            )
    words = dict(placements(state, card, square, t)).get(where, where)
    ctx.log(
        f"{seat} places the {CARD_TITLES.get(card, card).lower()} in square {square}: {words}", rule
    )


def sandbar(
    card: str, where: str, n: int, box: tuple[float, float, float, float], t: Tables
) -> list[Vec]:
    x0, y0, x1, y1 = box
    length, width = t.setup.sandbar
    if card == "straight-sandbars":
        if where == "across":
            return rect((x0 + x1) / 2, y0 + (y1 - y0) * (n + 1) / 3, length, width)
        if where == "along":
            return rect(x0 + (x1 - x0) * (n + 1) / 3, (y0 + y1) / 2, width, length)
        cx = x0 + (x1 - x0) * (n + 1) / 3
        cy = y0 + (y1 - y0) * (n + 1) / 3
        return rect(cx, cy, width, length, 45.0)
    # curved: a band along an arc of 90 degrees, bowed the chosen way
    bow = {"upstream": 0.0, "downstream": 180.0, "east": 90.0, "west": 270.0}[where]
    cx = x0 + (x1 - x0) * (n + 1) / 3 if where in ("upstream", "downstream") else (x0 + x1) / 2
    cy = (y0 + y1) / 2 if where in ("upstream", "downstream") else y0 + (y1 - y0) * (n + 1) / 3
    radius = length / 2
    centre = (cx - radius * math.sin(math.radians(bow)), cy - radius * math.cos(math.radians(bow)))
    outer, inner = [], []
    for k in range(9):
        a = math.radians(bow - 45 + 90 * k / 8)
        outer.append(
            (
                round(centre[0] + (radius + width / 2) * math.sin(a), 3),
                round(centre[1] + (radius + width / 2) * math.cos(a), 3),
            )
        )
        inner.append(
            (
                round(centre[0] + (radius - width / 2) * math.sin(a), 3),
                round(centre[1] + (radius - width / 2) * math.cos(a), 3),
            )
        )
    return outer + inner[::-1]


def add_fort(
    state: State, fid: str, name: str, side: str, x: float, y: float, w: float, h: float, t: Tables
) -> None:
    """A fort of the random set-up: its guns and CPV are thrown later."""
    per = t.forts.stonework if t.setup.fort_kind == "stonework" else t.forts.earthwork
    fpv = round(w * h * per)
    state.forts[fid] = Fort(
        id=fid,
        name=name,
        side=side,
        owner=side,
        kind=t.setup.fort_kind,
        x=round(x, 3),
        y=round(y, 3),
        w=w,
        h=h,
        fpv_start=fpv,
        fpv=fpv,
        commander=f"fcdr-{fid}",
        guns=[],
        cpv=[0] * 6,
        cpv_start=0,
        commander_square=1,
    )
    state.setup["fort_dealt"] = True


def fort_details(state: State, ctx: Context, t: Tables) -> None:
    """Forts (if not historical): a die for the guns, two for the CPV, each
    gun needing one CPV, all spread over the grid squares 1 to 6; a fort
    commander rolled; the Confederates one ship fewer."""
    from quarterdeck.rulesets.acw_river.commanders import roll_commander

    for fort in state.forts.values():
        if fort.guns or fort.cpv_start:
            continue
        guns = sum(
            roll(
                ctx,
                f"{fort.name}: number of guns",
                t.forts.random_gun_dice,
                R_FORT,
                seat=fort.side,
                math=total(),
            )
        )
        cpv = sum(
            roll(
                ctx,
                f"{fort.name}: CPV",
                t.forts.random_cpv_dice,
                R_FORT,
                seat=fort.side,
                math=total(),
            )
        )
        fort.guns = [
            Gun(f"g{n + 1}", t.setup.fort_gun, "fort", square=n % 6 + 1) for n in range(guns)
        ]
        per = [0] * 6
        for n in range(cpv):
            per[n % 6] += 1
        fort.cpv = per
        fort.cpv_start = cpv
        fort.commander_square = max(range(6), key=lambda i: per[i]) + 1
        c = roll_commander(
            ctx,
            fort.commander,
            f"Commander of the {fort.name.lower()}",
            fort.side,
            "fort",
            fort.id,
            t,
        )
        state.commanders[c.id] = c
        ctx.log(f"{fort.name}: {guns} guns ({t.setup.fort_gun}), {cpv} CPV", R_FORT)
        dropped = [
            s
            for s in state.ships.values()
            if s.side == fort.side and state.setup.get("drop", {}).get(s.id)
        ]
        if dropped:
            ship = dropped[0]
            del state.ships[ship.id]
            state.sides[ship.side].orders.pop(ship.id, None)
            ctx.log(
                f"With the fort, the {fort.side} fleet has one ship fewer: {ship.name} stays away",
                R_FORT,
            )


# --------------------------------------------------------------------------
# Objective cards


def deal(state: State, ctx: Context, t: Tables) -> None:
    """Shuffle the objective cards (those whose feature is on the table) and
    deal three to each side, in secret."""
    present = {
        "islands": "islands_area" in state.setup,
        "town": any(p.kind == "town" for p in state.places.values()),
        "port": any(p.kind == "port" for p in state.places.values()),
        "fort": bool(state.forts),
        "sandbar": any(f.kind == "shoal" for f in state.features),
    }
    cards = sorted(c.id for c in t.objectives.cards if not c.needs or present[c.needs])
    state.objective_deck = Deck("objectives", cards)
    for side in state.sides.values():
        side.dealt = []
        for n in range(t.objectives.dealt):
            card = draw(
                ctx,
                state.objective_deck,
                f"Objective card {n + 1} for {side.name}",
                R_OBJ,
                seat=side.name,
                secret=True,
                titles={c.id: c.title for c in t.objectives.cards},
            )
            side.dealt.append(card)
        titles = "; ".join(t.objectives.card(c).title for c in side.dealt)
        ctx.log(f"{side.name} is dealt: {titles}", R_OBJ, seats=(side.name,))


# --------------------------------------------------------------------------
# Prompts of the set-up


def secret_prompt(state: State, seat: str, t: Tables) -> Prompt | None:
    s = state.setup
    stage = s.get("stage")
    if stage == "lay-mines" and s.get("mine_layer") == seat and not s.get("mines_laid"):
        return mines_prompt(state, seat, t)
    if stage == "discard":
        side = state.sides[seat]
        if side.dealt and not side.objectives:
            return Prompt(
                seat,
                "Objective cards: discard one (you keep the other two, in secret)",
                R_OBJ,
                tuple(Option(c, f"discard: {t.objectives.card(c).title}") for c in side.dealt),
                context={"secret": True, "step": "discard", "turn": 0},
            )
    return None


def mine_spots(state: State) -> list[tuple[str, Vec]]:
    out = []
    for square in range(1, 7):
        x0, y0, x1, y1 = water_box(state, square)
        for half, fx in (("west", 0.3), ("east", 0.7)):
            out.append(
                (f"{square}{half[0]}", (round(x0 + (x1 - x0) * fx, 3), round((y0 + y1) / 2, 3)))
            )
    return out


def mines_prompt(state: State, seat: str, t: Tables) -> Prompt:
    real, dummy = (
        t.setup.estuary_minefields if state.table.kind == "estuary" else t.setup.river_minefields
    )
    n = real + dummy
    spots = tuple(
        Option(sid, f"square {sid[0]}, {'west' if sid[1] == 'w' else 'east'} half")
        for sid, _ in mine_spots(state)
    )
    fields = [
        Field(f"field{k + 1}", f"Minefield {k + 1} (4 by 4 in)", "choice", choices=spots)
        for k in range(n)
    ]
    combos = [",".join(str(k + 1) for k in c) for c in itertools.combinations(range(n), real)]
    fields.append(
        Field(
            "real",
            f"Which {real} of them are real (the rest dummies)",
            "choice",
            choices=tuple(Option(c, f"minefield(s) {c}") for c in combos),
        )
    )
    return Prompt(
        seat,
        f"Place {n} minefields, {real} real and {dummy} dummy: which are real stays your secret",
        R_SETUP,
        kind="form",
        fields=tuple(fields),
        context={"secret": True, "step": "mines", "turn": 0},
    )


def ask_prompt(state: State, t: Tables) -> Prompt:
    ask = state.ask
    assert ask is not None
    if ask["kind"] == "ends":
        return Prompt(
            ask["seat"],
            "You won the roll-off: which compass end of the table is upstream "
            "(the Confederates are upstream)?",
            rule_for(state),
            (Option("north", "north"), Option("south", "south")),
            context={"step": "ends", "turn": 0},
        )
    if ask["kind"] == "place":
        card, square = ask["card"], ask["square"]
        return Prompt(
            ask["seat"],
            f"Place the {CARD_TITLES.get(card, card).lower()} in square {square}",
            rule_for(state),
            tuple(Option(pid, words) for pid, words in placements(state, card, square, t)),
            context={"step": "place", "turn": 0, "card": card, "square": square},
        )
    if ask["kind"] == "retrieve":
        holder = ask["holder"]
        ships = [s for s in state.ships.values() if s.side == holder]
        bars = [f for f in state.features if f.kind == "shoal"]
        options = tuple(
            Option(f"{s.id}@{b.id}", f"{s.name} on {b.label} (square {b.square})")
            for s in ships
            for b in bars
        )
        return Prompt(
            ask["seat"],
            f"{holder} holds the retrieve card: place one of their ships stuck on a sandbar",
            R_OBJ,
            options,
            context={"step": "retrieve", "turn": 0},
        )
    raise ValueError(f"unknown question {ask['kind']!r}")


def apply_ask(state: State, t: Tables, ask: dict[str, Any], answer: Any, ctx: Context) -> None:
    if ask["kind"] == "ends":
        state.table.upstream = str(answer)  # type: ignore[assignment]
        ctx.log(
            f"{ask['seat']} makes the {answer} end upstream; the current flows from it",
            rule_for(state),
        )
    elif ask["kind"] == "place":
        place_feature(state, ask["card"], ask["square"], str(answer), ask["seat"], ctx, t)
    elif ask["kind"] == "retrieve":
        sid, _, bar = str(answer).partition("@")
        ship = state.ships[sid]
        feature = next(f for f in state.features if f.id == bar)
        xs = [p[0] for p in feature.polygon]
        ys = [p[1] for p in feature.polygon]
        ship.x, ship.y = round(sum(xs) / len(xs), 3), round(sum(ys) / len(ys), 3)
        ship.heading = 180.0 if state.sides[ship.side].end == "upstream" else 0.0
        ship.aground = Aground("shoal")
        state.setup.setdefault("retrieve", {})[ask["holder"]] = sid
        for seen in state.sighted.values():
            if sid not in seen:
                seen.append(sid)
        ctx.log(
            f"{ship.name} is placed stuck on {feature.label}: {ask['holder']} must bring her home",
            R_OBJ,
        )


def apply_secret(
    state: State, t: Tables, seat: str, prompt: Prompt, answer: Any, ctx: Context
) -> None:
    step_ = prompt.context.get("step")
    if step_ == "mines":
        assert isinstance(answer, dict)
        spots = dict(mine_spots(state))
        real = {int(k) for k in str(answer["real"]).split(",")}
        size = t.setup.minefield_size
        n = len([k for k in answer if k.startswith("field")])
        for k in range(n):
            x, y = spots[str(answer[f"field{k + 1}"])]
            state.minefields.append(
                Minefield(f"mines-{k + 1}", seat, x, y, size, size, (k + 1) in real, [seat])
            )
        state.setup["mines_laid"] = True
        ctx.log(
            f"{seat} lays {n} minefields: "
            + ", ".join(f"square {answer[f'field{k + 1}']}" for k in range(n)),
            R_SETUP,
        )
    elif step_ == "discard":
        side = state.sides[seat]
        side.objectives = [c for c in side.dealt if c != str(answer)][:2]
        kept = "; ".join(t.objectives.card(c).title for c in side.objectives)
        ctx.log(f"{seat} keeps: {kept}", R_OBJ, seats=(seat,))


def circle_island(cx: float, cy: float, r: float) -> list[Vec]:
    return circle(cx, cy, r)
