"""The rowing form (Movement, step 1): every boat a side rows this turn, one
form, a row a boat; and where each boat would end for the sensible rows of
that form, for the web table's drag moves.

Each boat rolls her own die (6 in plus a d6) before the form is asked; the
boats row in the side's order once it is answered. No boat's move depends
on another's (boats do not block boats; spotting comes after all movement),
so asking for the rows together decides nothing the rules decide
(docs/rules-notes.md, Cutting Out Party, "Rowing orders, one form a side").
"""

from __future__ import annotations

import copy
from typing import Any

from quarterdeck.core.dice import ScriptedDice
from quarterdeck.core.engine import Context
from quarterdeck.core.prompts import Field, Option, Prompt
from quarterdeck.rulesets.cutting_out import harbour
from quarterdeck.rulesets.cutting_out.boats import COMPASS, _ctx, row, toward_choices
from quarterdeck.rulesets.cutting_out.common import R_MOVE, hidden
from quarterdeck.rulesets.cutting_out.state import Boat, State
from quarterdeck.rulesets.cutting_out.tables import Tables


def default_toward(state: State, t: Tables, boat: Boat, choices: list[Option]) -> str:
    """Where a boat's row starts in the form: where she was rowed last turn,
    if she may still go there, else on her present heading's nearest
    compass point."""
    ids = [c.id for c in choices]
    if boat.toward in ids:
        return boat.toward
    nearest = min(COMPASS, key=lambda c: abs((boat.heading - c[1] + 180) % 360 - 180))
    return f"heading:{nearest[1]}"


def rowing_ask(state: State, side: str, boats: list[str]) -> dict[str, Any]:
    """The open question of a side's rowing form: its boats, in the order
    they move."""
    secret = side == state.raiders and hidden(state)
    return {"kind": "row", "seat": side, "boats": list(boats), "secret": secret}


def rowing_prompt(state: State, t: Tables, ask: dict[str, Any]) -> Prompt:
    """Every boat the side rows this turn, one form (Movement: each boat 6"
    plus her own d6, already rolled): a row a boat, fields ``<boat>/toward``
    and ``<boat>/inches``; the defaults keep her last course at her full
    allowance."""
    fields: list[Field] = []
    rows: list[dict[str, Any]] = []
    defaults: dict[str, Any] = {}
    allowances: dict[str, int] = {}
    for bid in ask["boats"]:
        boat = state.boats[bid]
        allowance = int(state.allowance.get(bid, 0))
        allowances[bid] = allowance
        choices = toward_choices(state, t, boat)
        n = len(state.aboard(bid))
        fields.append(
            Field(f"{bid}/toward", f"{boat.name}: toward", "choice", choices=tuple(choices))
        )
        fields.append(Field(f"{bid}/inches", f"{boat.name}: inches", "int", 0, allowance))
        rows.append(
            {
                "id": bid,
                "label": f"{boat.name} ({n} aboard, up to {allowance} in)",
                "fields": {"toward": f"{bid}/toward", "inches": f"{bid}/inches"},
            }
        )
        defaults[f"{bid}/toward"] = default_toward(state, t, boat, choices)
        defaults[f"{bid}/inches"] = allowance
    names = ", ".join(state.boats[b].name for b in ask["boats"])
    return Prompt(
        ask["seat"],
        f"Turn {state.turn}: row {names}: where to, and how far?",
        R_MOVE,
        kind="form",
        fields=tuple(fields),
        context=_ctx(
            ask,
            "move",
            boats=list(ask["boats"]),
            allowances=allowances,
            rows=rows,
            columns=[{"key": "toward", "label": "toward"}, {"key": "inches", "label": "inches"}],
            row_noun=["boat", "boats"],
            defaults=defaults,
        ),
    )


def split(answer: dict[str, Any], boat_id: str) -> dict[str, Any]:
    """One boat's row of a side's rowing form."""
    head = f"{boat_id}/"
    return {k[len(head) :]: v for k, v in answer.items() if k.startswith(head)}


def apply_rowing(
    state: State, t: Tables, ctx: Context, ask: dict[str, Any], answer: dict[str, Any]
) -> None:
    """Row every boat of the form, in the order the side's boats move (each
    row is the boat's own move: no boat's way depends on another's)."""
    for bid in ask["boats"]:
        boat = state.boats[bid]
        mine = split(answer, bid)
        toward = str(mine["toward"])
        row(state, t, ctx, boat, toward, int(mine["inches"]))
        boat.toward = toward


def rowing_ends(state: State, t: Tables, boat_id: str) -> list[dict[str, Any]]:
    """Where ``boat_id`` ends for the sensible rows of her form: alongside
    each boarding point and at each landing place she reaches this turn,
    toward the open sea with her whole allowance, and on each compass
    heading at a third, two thirds and all of it. Found by rowing a scratch
    copy of her with :func:`row`, the rules' own movement (nothing else in
    the state changes). Each end: the row (``toward``, ``inches``), where she
    lies (``x``, ``y``, ``heading``), the inches rowed, and ``how``
    ("alongside", "landed", "out" by the sea edge, or "row")."""
    boat = state.boats.get(boat_id)
    allowance = int(state.allowance.get(boat_id, 0))
    if boat is None or allowance <= 0:
        return []
    scratch = copy.copy(state)
    scratch.boats = dict(state.boats)
    scratch.figures = {}  # her people stay where they are whatever the trial row does
    quiet = Context(ScriptedDice([]))
    labels = {o.id: o.label for o in toward_choices(state, t, boat)}
    steps = sorted({max(1, round(allowance * k / 3)) for k in (1, 2, 3)})
    out: list[dict[str, Any]] = []
    seen: set[tuple[float, float]] = set()

    def keep(end: dict[str, Any]) -> None:
        # one end a place: a heading that takes her out by the sea edge is
        # the sea exit's end, and a heading stopped at a ship's side or the
        # shore lies where a shorter row of it does
        at = (end["x"], end["y"])
        if at not in seen and not (end["how"] == "out" and end["toward"] != "exit"):
            seen.add(at)
            out.append(end)

    for toward, label in labels.items():
        trial = copy.copy(boat)
        scratch.boats[boat_id] = trial
        if toward.startswith("heading:"):
            for inches in steps:
                trial = copy.copy(boat)
                scratch.boats[boat_id] = trial
                row(scratch, t, quiet, trial, toward, inches)
                keep(_end(trial, toward, inches, f"{label}, {inches} in"))
            continue
        row(scratch, t, quiet, trial, toward, allowance)
        if trial.status == "escaped":  # gone at the sea edge: drawn where she crosses it
            trial.x, trial.y = harbour.exit_point(state, (boat.x, boat.y), 0.0)
        if toward == "exit" or trial.alongside or trial.landed:
            keep(_end(trial, toward, allowance, label))
    return out


def _end(boat: Boat, toward: str, inches: int, label: str) -> dict[str, Any]:
    how = (
        "out"
        if boat.status == "escaped"
        else "alongside"
        if boat.alongside
        else "landed"
        if boat.landed
        else "row"
    )
    return {
        "toward": toward,
        "inches": inches,
        "x": round(boat.x, 2),
        "y": round(boat.y, 2),
        "heading": round(boat.heading, 1),
        "rowed": round(boat.last_move, 1),
        "how": how,
        "label": label,
    }


def table_view(state: State, t: Tables, view: dict[str, Any]) -> dict[str, Any]:
    """For the web table of a seat whose open prompt is its rowing form:
    each of its boats' ends (:func:`rowing_ends`), under ``row_ends``. Only
    that seat's own boats, only while it is asked: nothing of another seat's."""
    prompt = view.get("prompt")
    if not isinstance(prompt, dict) or prompt.get("kind") != "form":
        return {}
    context = prompt.get("context") or {}
    boats = [b for b in context.get("boats") or [] if b in state.boats]
    if context.get("step") != "move" or not boats:
        return {}
    return {"row_ends": {b: rowing_ends(state, t, b) for b in boats}}
