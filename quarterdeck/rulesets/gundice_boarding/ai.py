"""A heuristic player for gun-dice boarding, deciding from its seat's view only.

It weighs every decision with the exact capture odds of quarterdeck.odds and
with how the game stands (captured size points first, then boarding actions
won: the scenario result):

- mobilise: always (a mobilised die is worth more than five guns for a turn;
  unused gun dice come back at the end of the turn);
- declare: against the target it is likeliest to capture, counting the dice
  of friendly ships that have already declared against the same target this
  turn (they board together). Level with the enemy it boards when the
  chance is at least even; behind (it loses if the ships part) at any
  chance; ahead on boarding actions won never, leaving the enemy to attack
  (a repulse would hand one back); ahead on prizes at even money as when
  level, since a defender never takes her boarder (Nelson, San Nicolás
  taken, crossing her to board San José);
- fight on: calling off hands the defender the action just as being
  repelled does, so the attacker calls off only when breaking off and
  boarding again afresh next turn (as a failed attacker) promises more than
  fighting on, and there are turns left to do it;
- unopposed dice: placed for the whole action (odds.gundice.action_assignment),
  not for the round alone.

The first version (ai_v1.py) mobilised and placed dice alike but boarded
alone at 45% or better whatever the standing, and called off below 15%,
which handed the defender the action.
"""

from __future__ import annotations

import random
from typing import Any, Final

from quarterdeck.core.prompts import Answer, Prompt
from quarterdeck.odds.gundice import action_assignment, attempt_odds, capture_chance
from quarterdeck.rulesets.gundice_boarding.rules import attempt_dice, side_dice
from quarterdeck.rulesets.gundice_boarding.state import Ship
from quarterdeck.rulesets.gundice_boarding.tables import Tables, printed_tables

# Level on the standing, a captain boards at this capture chance or better:
# a little short of even money (scoring a draw as half a win, 0.5 would be
# neutral), since a scenario is a fight the captains came to have and the
# ships part - a draw - on the first turn nobody boards.
EVEN: Final = 0.45


def _ship(data: dict[str, Any]) -> Ship:
    return Ship(
        id=data["id"],
        name=data["name"],
        side=data["side"],
        size=data["size"],
        gun_dice=data["gun_dice"],
        crew=data["crew"],
        sail_hits=data["sail_hits"],
        gun_dice_hits=data["gun_dice_hits"],
        failed_attacker=data["failed_attacker"],
    )


def _captured(view: dict[str, Any]) -> dict[str, int]:
    """Enemy size points each side has captured so far."""
    captured = dict.fromkeys(view["sides"], 0)
    for s in view["ships"]:
        if s["captured_by"] is not None:
            captured[s["captured_by"]] += s["size"]
    return captured


def ahead_on_prizes(view: dict[str, Any], seat: str) -> bool:
    """Whether ``seat`` leads on captured size points. A defender never takes
    the ship that boards her (5.2), so a repulse cannot cost such a lead."""
    captured = _captured(view)
    mine = captured.pop(seat)
    return mine > max(captured.values())


def standing(view: dict[str, Any], seat: str) -> int:
    """+1 if ``seat`` would win were the game to end now, -1 if it would
    lose, 0 for a draw: captured size points decide, or with none captured
    the boarding actions won (the scenario result)."""
    score = _captured(view)
    for points in score.values():
        if points:
            break
    else:  # none captured: the actions won
        score = dict.fromkeys(view["sides"], 0)
        for o in view["outcomes"]:
            score[o["winner"]] += 1
    mine = score.pop(seat)
    theirs = max(score.values())
    return (mine > theirs) - (mine < theirs)


class GunDiceAI:
    """Decides well, from the view alone."""

    def __init__(self, seat: str, seed: int = 0) -> None:
        self.seat = seat
        self.seed = seed
        self._rng: random.Random | None = None
        self.tables: Tables = printed_tables()
        # _dice_memo(self.tables), once looked up, and the tables it is for
        self._memo: dict[tuple[Any, ...], Any] | None = None
        self._memo_tables: Tables | None = None

    @property
    def rng(self) -> random.Random:
        """The player's own randomness, seeded from ``seed`` when first
        needed (its decisions need none today, and a game sets up two
        players)."""
        if self._rng is None:
            self._rng = random.Random(self.seed)
        return self._rng

    def drew_on_seed(self) -> bool:
        """Whether a decision so far drew on the seed (its randomness, :attr:`rng`):
        until one does, the player decides from the view and the prompt alone
        (``_memo`` only keeps what :meth:`_dice` works out), so games of
        other seeds decide alike (quarterdeck.sim.games.Setup.find_opening)."""
        return self._rng is not None

    def needs_view(self, prompt: Prompt) -> bool:
        """Mobilisation is always taken: no view is needed to decide it."""
        return prompt.context.get("step") != "mobilise"

    def decide(self, view: dict[str, Any], prompt: Prompt) -> Answer:
        step = prompt.context.get("step")
        if step == "mobilise":
            return "yes"
        if step == "declare":
            return self._declare(view, prompt)
        if step == "decide":
            return self._fight_on(view, prompt)
        if step == "assign":
            action = _action(view, prompt)
            choice = action_assignment(
                action["last_attacker_roll"],
                action["last_defender_roll"],
                prompt.context["owner"],
                action["attacker_dice"],
                action["defender_dice"],
            )
            answer = "-".join(str(t) for t in choice)
            return answer if answer in prompt.option_ids() else prompt.options[0].id
        return prompt.options[0].id

    # -- declarations -------------------------------------------------------

    def _dice(
        self, view: dict[str, Any], attackers: list[dict[str, Any]], target: dict[str, Any]
    ) -> tuple[int, int]:
        """Boarding dice of ``attackers`` against ``target`` in a new action."""
        bd = self.tables.boarding_dice
        cost = bd.mobilise_gun_dice
        facts = []
        for s in attackers:
            facts.append(_dice_facts(s, cost))
        key = (view["sea"], tuple(facts), _dice_facts(target, cost))
        memo = self._memo
        if memo is None or self._memo_tables is not self.tables:
            memo = self._memo = _dice_memo(self.tables)
            self._memo_tables = self.tables
        found = memo.get(key)
        if found is None:
            # the mobilised gun dice that count: at most mobilised_per_turn a side
            mob_a = min(sum([f[MOBILISED_COUNT] for f in facts]), bd.mobilised_per_turn)
            mine, _ = side_dice(
                self.tables, view["sea"], [_ship(s) for s in attackers], False, mob_a, why=False
            )
            theirs, _ = side_dice(
                self.tables, view["sea"], [_ship(target)], True, key[2][MOBILISED_COUNT], why=False
            )
            if len(memo) > 4096:
                memo.clear()
            found = memo[key] = (mine, theirs)
        return found

    def _declare(self, view: dict[str, Any], prompt: Prompt) -> str:
        ships = {}
        for s in view["ships"]:
            ships[s["id"]] = s
        me = ships[prompt.context["ship"]]
        mine_so_far = view["orders"].get(self.seat, {})
        place = standing(view, self.seat)
        if place > 0 and not ahead_on_prizes(view, self.seat):
            return "none"  # ahead on actions won: a repulse would hand one back
        # behind: any chance; level, or ahead on prizes (a repulse cannot
        # cost them): at even money
        threshold = 0.0 if place < 0 else EVEN
        best, best_chance = "none", threshold
        for option in prompt.options:
            if not option.id.startswith("board:"):
                continue
            target = ships[option.id.split(":", 1)[1]]
            friends = (
                [ships[s] for s, o in mine_so_far.items() if o == option.id and s in ships]
                if mine_so_far
                else []
            )
            chance = capture_chance(*self._dice(view, [me, *friends], target))
            if chance > best_chance or (chance == best_chance and best == "none" and place < 0):
                best, best_chance = option.id, chance
        return best

    # -- the fight ------------------------------------------------------------

    def _attempt_chance(self, sea: str, ships: list[dict[str, Any]], fouled: bool) -> float:
        """The chance that one boarding attempt by these ships starts an action."""
        memo: dict[tuple[Any, ...], Any] = _dice_memo(self.tables)
        key = _attempt_key(sea, ships, fouled)
        found = memo.get(key)
        if found is None:
            n, _ = attempt_dice(self.tables, sea, [_ship(s) for s in ships], fouled)
            found = memo[key] = float(attempt_odds(self.tables.attempt.max_dice)[n])
        return float(found)

    def _fight_on(self, view: dict[str, Any], prompt: Prompt) -> str:
        action = _action(view, prompt)
        now = capture_chance(action["attacker_dice"], action["defender_dice"])
        if now + 0.05 >= 1.0:
            # a fresh attack promises at most certainty (again * fresh below
            # is at most 1.0): it cannot beat fighting on, so it is not weighed
            return "fight"
        for option in prompt.options:
            if option.id == "call-off":
                break
        else:
            return "fight"
        turns_left = int(view["turn_limit"]) - int(view["turn"])
        if turns_left < 1:
            return "fight"
        ships = {}
        for s in view["ships"]:
            ships[s["id"]] = s
        lost = action["attacker_dice"] < action["attacker_start"]
        if lost:  # calling off after a loss marks a failed attacker
            attackers = [dict(ships[a], failed_attacker=True) for a in action["attackers"]]
        else:
            attackers = [ships[a] for a in action["attackers"]]
        target = ships[action["defender"]]
        fresh = capture_chance(*self._dice(view, attackers, target))
        if fresh <= now + 0.05:
            # the fresh attack's worth below (again * fresh, again at most
            # 1.0) is at most its capture chance: it cannot beat fighting on
            return "fight"
        attacking = set(action["attackers"])
        fouled = False
        for c in view["contacts"]:
            if c["fouled"] and target["id"] in c["ships"] and set(c["ships"]) & attacking:
                fouled = True
                break
        start = self._attempt_chance(view["sea"], [*attackers, target], fouled)
        again = 1 - (1 - start) ** turns_left
        return "call-off" if again * fresh > now + 0.05 else "fight"


# For each charts object the AI weighs by (kept here, so its id stays its
# own): (sea, attackers' facts, target's facts), each ship's facts ending in
# whether her mobilised gun dice would count (_dice_facts) -> the boarding
# dice of each side, and ("attempt", sea, fouled, sizes) ->
# the chance that an attempt starts an action.
_DICE: Final[dict[int, tuple[Tables, dict[tuple[Any, ...], Any]]]] = {}


def _dice_memo(tables: Tables) -> dict[tuple[Any, ...], Any]:
    entry = _DICE.get(id(tables))
    if entry is None or entry[0] is not tables:
        entry = _DICE[id(tables)] = (tables, {})
    return entry[1]


# Where in a ship's _dice_facts the flag sits that says whether her
# mobilised gun dice would count (the last place).
MOBILISED_COUNT: Final = 5


def _dice_facts(ship: dict[str, Any], cost: int) -> tuple[Any, ...]:
    """What of a ship counts towards her side's boarding dice (side_dice),
    and at MOBILISED_COUNT (last) whether her mobilised gun dice would
    count: mobilised this turn already, or with the ``cost`` in free gun
    dice to mobilise."""
    return (
        ship["size"],
        ship["crew"],
        ship["sail_hits"],
        ship["gun_dice_hits"],
        ship["failed_attacker"],
        bool(ship["mobilised"]) or ship["gun_dice_free"] >= cost,
    )


def _attempt_key(sea: str, ships: list[dict[str, Any]], fouled: bool) -> tuple[Any, ...]:
    """What of a boarding attempt decides its dice (attempt_terms): the sea,
    whether fouled, and the ships' sizes."""
    return ("attempt", sea, fouled, tuple([s["size"] for s in ships]))


def _action(view: dict[str, Any], prompt: Prompt) -> dict[str, Any]:
    wanted = prompt.context["action"]
    found: dict[str, Any] = next(a for a in view["actions"] if a["id"] == wanted)
    return found
