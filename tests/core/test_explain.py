"""The explanation of a roll (core.explain): exact distributions, the chance
of success with and without each modifier, and what would have changed it."""

from __future__ import annotations

from fractions import Fraction

from quarterdeck.core.dice import ScriptedDice
from quarterdeck.core.engine import Context, LogEntry
from quarterdeck.core.explain import (
    RollMath,
    explain,
    highest_distribution,
    success_chance,
    sum_distribution,
)


def test_two_dice_total_seven_is_one_in_six_and_the_whole_sums_to_one() -> None:
    dist = sum_distribution(2, 6)
    assert dist[7] == Fraction(1, 6) and dist[2] == Fraction(1, 36)
    assert sum(dist.values()) == 1


def test_the_highest_of_three_dice_is_six_91_times_in_216() -> None:
    assert highest_distribution(3, 6)[6] == Fraction(91, 216)
    assert sum(highest_distribution(3, 6).values()) == 1


def test_any_six_on_three_dice_succeeds_91_times_in_216() -> None:
    math = RollMath("any", target=6)
    assert success_chance(math, 3, 6) == Fraction(91, 216)
    assert success_chance(math, 2, 6) == Fraction(11, 36)


def test_a_roll_logged_with_its_math_carries_it_in_the_log_entry() -> None:
    log: list[LogEntry] = []
    ctx = Context(ScriptedDice([2, 6]), log.append)
    math = RollMath("any", target=6, dice=(("to start", 2),), limits=(1, 3))
    ctx.roll("Boarding attempt", 2, "5.2", seat="a", goal="any 6", math=math)
    data = log[0].to_json()
    assert data["goal"] == "any 6"
    assert data["math"] == {"how": "any", "target": 6, "dice": [["to start", 2]], "limits": [1, 3]}
    assert RollMath.from_json(data["math"]) == math


def test_explain_a_boarding_attempt_every_dice_modifier_and_its_effect() -> None:
    """Two to start, fouled +1: three dice, any 6 starts the action (5.2)."""
    entry = {
        "text": "Boarding attempt: rolled 2 3 6",
        "rule": "5.2 Boarding Attempts",
        "values": [2, 3, 6],
        "sides": 6,
        "goal": "any 6 starts the action",
        "math": RollMath(
            "any", target=6, dice=(("to start", 2), ("fouled", 1)), limits=(1, 3)
        ).to_json(),
    }
    out = explain(entry)
    assert out["success"] is True and out["result"] == 1
    assert out["chance"] == "42.1%"  # 91/216
    assert [m["what"] for m in out["modifiers"]] == ["to start", "fouled"]
    assert [r["exact"] for r in out["distribution"]] == ["125/216", "25/72", "5/72", "1/216"]
    assert [r["value"] for r in out["distribution"] if r["rolled"]] == [1]
    assert any("Without fouled (+1 die): 2 dice, chance 30.6%" in c for c in out["changes"])


def test_explain_a_modified_total_that_misses_says_by_how_much() -> None:
    """2d6 + 1 against 8: a 6 (3 and 3) makes 7, one short; without the +1
    the chance falls from 7/12 to 5/12."""
    math = RollMath("sum", target=8, modifiers=(("stationary", 1),))
    out = explain({"text": "x: rolled 3 3", "values": [3, 3], "sides": 6, "math": math.to_json()})
    assert out["result"] == 7 and out["success"] is False
    assert out["chance"] == "58.3%"
    assert (
        out["changes"][0] == "The result 7 missed the target 8 by 1: 1 more would have succeeded."
    )
    assert "Without stationary (+1): chance 41.7% instead of 58.3%" in out["changes"][1]


def test_a_roll_without_math_is_explained_by_its_dice_alone() -> None:
    out = explain({"text": "Casualties: rolled 1 4", "values": [1, 4], "sides": 6})
    assert out["label"] == "Casualties"
    rolled = [r for r in out["distribution"] if r["rolled"]]
    assert rolled == [{"value": 5, "chance": "11.1%", "exact": "1/9", "rolled": True}]
    assert out["highest"][-1]["exact"] == "11/36"


def test_a_roll_that_wants_a_low_total_says_more_would_have_failed() -> None:
    """2d6 needing 7 or less: a 5 (2 and 3) makes it with 2 to spare, and 3
    more (an 8) would have failed; a 9 misses by 2, and 2 less succeeds."""
    math = RollMath("sum", target=7, at_most=True)
    made = explain({"text": "x: rolled 2 3", "values": [2, 3], "sides": 6, "math": math.to_json()})
    assert made["success"] is True and made["chance"] == "58.3%"
    assert made["changes"][0] == (
        "The result 5 made the target 7 (at most) with 2 to spare: 3 more would have failed."
    )
    missed = explain(
        {"text": "x: rolled 4 5", "values": [4, 5], "sides": 6, "math": math.to_json()}
    )
    assert missed["success"] is False
    assert missed["changes"][0] == (
        "The result 9 missed the target 7 (at most) by 2: 2 less would have succeeded."
    )


def test_any_six_that_succeeds_says_what_would_have_failed() -> None:
    """Three dice, any 6 (the boarding attempt): 6, 6, 1 makes it with two
    dice; with none, the roll fails."""
    math = RollMath("any", target=6)
    out = explain(
        {"text": "x: rolled 6 6 1", "values": [6, 6, 1], "sides": 6, "math": math.to_json()}
    )
    assert out["success"] is True and out["result"] == 2
    assert out["changes"][0] == (
        "2 dice of 3 made 6 or more; with none that did, the roll would have failed."
    )


def _entry(values: list[int], math: RollMath, text: str = "A roll") -> dict[str, object]:
    return {
        "text": f"{text}: rolled",
        "rule": "x",
        "values": values,
        "sides": 6,
        "math": math.to_json(),
    }


def test_faces_an_even_die_succeeds_one_time_in_two() -> None:
    out = explain(_entry([4], RollMath("faces", hits=(2, 4, 6))))
    assert out["result"] == 1 and out["success"] is True
    assert out["chance"] == "50.0%" and out["chance_exact"] == "1/2"
    assert "the faces that count: 2, 4, 6" in out["words"]
    failed = explain(_entry([3], RollMath("faces", hits=(2, 4, 6))))
    assert failed["success"] is False and failed["changes"] == ["No die showed 2, 4, 6."]


def test_faces_read_off_a_chart_by_face_name_their_run_and_round_trip() -> None:
    math = RollMath("faces", hits=(1, 2, 3), outcomes=((0, "starboard"), (1, "port")))
    assert RollMath.from_json(math.to_json()) == math
    out = explain(_entry([2], math))
    assert out["outcome"] == "port" and "1-3" in out["words"]


def test_difference_of_two_dice_is_three_one_time_in_six() -> None:
    out = explain(_entry([5, 2], RollMath("difference", outcomes=((0, "no hit"), (1, "hits")))))
    assert out["result"] == 3 and out["outcome"] == "hits"
    assert [r["exact"] for r in out["distribution"]] == [
        "1/6",
        "5/18",
        "2/9",
        "1/6",
        "1/9",
        "1/18",
    ]


def test_pairs_snake_eyes_in_either_of_two_pairs_is_71_in_1296() -> None:
    out = explain(_entry([1, 1, 3, 4], RollMath("pairs", target=2, at_most=True)))
    assert out["result"] == 1 and out["success"] is True
    assert out["chance_exact"] == "71/1296"


def test_opposed_a_die_plus_three_against_a_die_plus_two_wins_7_in_12() -> None:
    out = explain(_entry([2], RollMath("opposed", modifiers=(("party", 3),), versus=(1, 1, 2))))
    assert out["result"] == 5 and out["success"] is None
    assert out["chance_exact"] == "7/12" and out["tie_exact"] == "5/36"
    assert "against the other side's 1 die +2" in out["words"]


def test_opposed_against_a_known_result_says_by_how_much_it_won() -> None:
    math = RollMath("opposed", modifiers=(("party", 3),), versus=(1, 1, 2), against=7)
    out = explain(_entry([5], math))
    assert out["result"] == 8 and out["success"] is True and out["chance_exact"] == "1/3"
    assert out["changes"][0] == (
        "The result 8 beat the other side's 7 by 1: 1 less would have tied, 2 less lost."
    )
    assert "Without party (+3): chance 0.0% instead of 33.3%" in out["changes"][1]


def test_opposed_with_a_factor_ten_times_a_die_beats_eight_times_a_die_11_in_18() -> None:
    math = RollMath("opposed", factor=10, versus=(1, 8, 0))
    out = explain(_entry([4], math))
    assert out["result"] == 40
    assert out["chance_exact"] == "11/18" and out["tie_exact"] == "1/36"


def test_a_secret_modifier_is_explained_to_the_seats_that_know_it_only() -> None:
    """A captain's secret die adds to a roll: the seat that holds it (and an
    umpire) read the whole explanation; the other side reads the roll without
    it, told that a secret modifier it cannot know went into it."""
    log: list[LogEntry] = []
    ctx = Context(ScriptedDice([3, 3]), log.append)
    math = RollMath(
        "sum",
        target=8,
        modifiers=(("stationary", 1),),
        secret=(("Buchanan's command die", 2, ("csa",)),),
    )
    ctx.roll("Gunnery", 2, "7.1", seat="csa", math=math)
    entry = log[0]

    own = explain(entry.to_json("csa"))
    assert own["result"] == 9 and own["success"] is True
    assert own["modifiers"][1] == {
        "what": "Buchanan's command die",
        "value": 2,
        "to": "the result",
        "secret": ["csa"],
    }
    assert own["chance"] == "83.3%"  # 2d6 >= 5: 30/36
    assert "Without Buchanan's command die (+2): chance 58.3% instead of 83.3%" in "".join(
        own["changes"]
    )
    assert explain(entry.to_json())["result"] == 9  # the umpire's (everything) view

    other = entry.to_json("usa")
    assert "Buchanan" not in str(other) and other["math"]["unseen"] == [["csa"]]
    told = explain(other)
    assert told["result"] == 7  # 3 + 3 + 1: the modifier it knows only
    assert told["success"] is None and told["chance"] == "" and told["changes"] == []
    assert told["unseen"] == {"count": 1, "known_to": ["csa"]}
    assert "Secret modifiers known only to csa also went into it" in told["words"]
    assert [m["what"] for m in told["modifiers"]] == ["stationary"]
    spectator = entry.to_json(None)
    assert "Buchanan" not in str(spectator)


def test_the_explanation_dialog_marks_secret_modifiers_and_what_is_left_out() -> None:
    from quarterdeck.web.render.explain import explanation

    log: list[LogEntry] = []
    ctx = Context(ScriptedDice([3, 3]), log.append)
    math = RollMath("sum", target=8, secret=(("command die", 2, ("csa",)),))
    ctx.roll("Gunnery", 2, "7.1", seat="csa", math=math)
    own = explanation(explain(log[0].to_json("csa")))
    assert "command die" in own and "(secret: csa)" in own and "The roll succeeded" in own
    other = explanation(explain(log[0].to_json("usa")))
    assert "command die" not in other and "secret" in other
    assert "Result before the secret modifiers: 6." in other


def test_a_chart_read_by_the_face_lists_each_row_with_its_exact_chance() -> None:
    math = RollMath("each", outcomes=((1, "one die fewer"), (3, "no change"), (5, "one more")))
    out = explain(_entry([5], math))
    assert out["outcome"] == "one more"
    assert [(r["results"], r["words"], r["exact"]) for r in out["chart"]] == [
        ("1-2", "one die fewer", "1/3"),
        ("3-4", "no change", "1/3"),
        ("5-6", "one more", "1/3"),
    ]


def test_several_dice_read_alone_off_a_chart_name_each_die_and_no_single_result() -> None:
    math = RollMath("each", outcomes=((1, "miss"), (6, "hit")))
    out = explain(_entry([6, 2], math))
    assert out["outcome"] == "6: hit; 2: miss" and "result" not in out


def test_a_total_read_off_a_chart_gives_each_row_the_chance_of_the_total() -> None:
    """Three dice at most 11 to pass, then bands: 12 shaken, 13+ worse."""
    math = RollMath(
        "sum", target=11, at_most=True, outcomes=((-99, "pass"), (12, "shaken"), (13, "hold"))
    )
    out = explain(_entry([4, 4, 4], math))
    assert [(r["results"], r["exact"]) for r in out["chart"]] == [
        ("3-11", "5/8"),
        ("12", "25/216"),
        ("13-18", "7/27"),
    ]


def test_opposed_before_the_other_roll_gives_no_verdict_without_a_modifier() -> None:
    math = RollMath("opposed", modifiers=(("party", 3),), versus=(1, 1, 2))
    out = explain(_entry([2], math))
    # a die against a die + 2: beaten only by 3 or more, 6 throws in 36
    assert out["changes"] == ["Without party (+3): chance 16.7% instead of 58.3%."]


def test_the_first_roll_of_an_opposed_pair_points_to_the_roll_that_decides_it() -> None:
    """A die + 3 against a die + 2 not yet rolled: 7 in 12 to beat it, a tie
    5 in 36; the dialog says the other side's roll, after it, decides it."""
    from quarterdeck.web.render.explain import explanation

    math = RollMath("opposed", modifiers=(("party", 3),), versus=(1, 1, 2))
    html = explanation(explain(_entry([2], math)))
    assert (
        "Result: 5. The other side's roll, after this one in the log, decides it (its "
        "explanation says who won); before it was made, the chance of beating it was 58.3% "
        "(a tie 13.9%)."
    ) in html


def test_dice_counted_as_hits_say_the_average_and_what_each_term_of_the_need_did() -> None:
    """Three fire dice hitting on 4 (5 at long range, -1 at close range):
    4 5 2 is 2 hits against 1.5 on average; without the close range 5 is
    needed, 1.0 on average, and these dice would have made 1 hit."""
    math = RollMath(
        "count",
        target=4,
        dice=(("fire dice", 3),),
        target_terms=(("gun's number", 5), ("close range", -1)),
    )
    out = explain({"text": "Fire: rolled 4 5 2", "values": [4, 5, 2], "math": math.to_json()})
    assert out["result"] == 2
    assert "2 successes against 1.50 on average." in out["changes"]
    assert (
        "Without close range (-1 to the number needed): 1.00 on average instead of 1.50; "
        "these dice would have made 1 success." in out["changes"]
    )


def test_a_die_chart_collapses_runs_of_the_same_words_into_rows() -> None:
    from quarterdeck.core.explain import chart

    assert chart(["none", "none", "ram", "ram", "stack", "none"]) == (
        (1, "none"),
        (3, "ram"),
        (5, "stack"),
        (6, "none"),
    )


def test_a_result_below_a_charts_first_row_reads_as_the_first_row() -> None:
    """A morale total can fall below 1: the chart's first row ("2 or less:
    surrender") takes it."""
    math = RollMath("sum", modifiers=(("shaken", -3),), outcomes=((2, "surrender"), (3, "steady")))
    out = explain({"text": "x: rolled 1", "values": [1], "sides": 6, "math": math.to_json()})
    assert out["result"] == -2 and out["outcome"] == "surrender"


def test_each_die_of_a_roll_explained_by_its_own_math_secret_ones_per_seat() -> None:
    """Two muskets: the first needs 4 with the moon +1, the second 5 and a
    secret -1 known to the raiders; 3 and 6 thrown. The raiders read both
    dice whole; the defenders the second without the modifier, unjudged."""
    from quarterdeck.core.explain import at_least

    math = RollMath(
        "each",
        per_die=(
            ("first musket", at_least(4, ("the moon", 1), outcomes=((3, "miss"), (4, "kill")))),
            ("second musket", at_least(5, secret=[("in the dark", -1, ("raiders",))])),
        ),
    )
    log: list[LogEntry] = []
    Context(ScriptedDice([3, 6]), log.append).roll("Muskets", 2, "SA", seat="r", math=math)
    own = explain(log[0].to_json("raiders"))
    first, second = own["per_die"]
    assert (first["what"], first["value"], first["result"]) == ("first musket", 3, 4)
    assert (first["success"], first["chance"], first["outcome"]) == (True, "66.7%", "kill")
    assert (second["result"], second["success"], second["chance"]) == (5, True, "16.7%")
    assert RollMath.from_json(log[0].to_json()["math"]) == math

    other = explain(log[0].to_json("defenders"))
    assert "in the dark" not in str(log[0].to_json("defenders"))
    assert other["per_die"][0]["success"] is True
    assert other["per_die"][1]["success"] is None and other["per_die"][1]["result"] == 6
    assert other["per_die"][1]["unseen"] == {"count": 1, "known_to": ["raiders"]}


def test_math_given_as_a_function_of_the_dice_is_built_when_logged() -> None:
    """The first die picks the chart the second is read on."""
    from quarterdeck.core.explain import faces

    def tables(dice: tuple[int, ...]) -> RollMath:
        lines = [f"table {dice[0]} line {n}" for n in range(1, 7)]
        return RollMath("each", per_die=(("table", faces(range(1, 7))), ("line", faces(lines))))

    log: list[LogEntry] = []
    values = Context(ScriptedDice([4, 2]), log.append).roll("T", 2, "R", seat="a", math=tables)
    assert values == (4, 2)
    out = explain(log[0].to_json())
    assert [d["outcome"] for d in out["per_die"]] == ["4", "table 4 line 2"]
    quiet = Context(ScriptedDice([4, 2]))  # no log: the function is never called
    assert quiet.roll("T", 2, "R", seat="a", math=lambda d: 1 / 0) == (4, 2)  # type: ignore[arg-type,return-value]


def test_the_dialog_lists_each_die_with_what_it_gave() -> None:
    from quarterdeck.core.explain import at_least, faces
    from quarterdeck.web.render.explain import explanation

    math = RollMath(
        "each",
        per_die=(
            ("white: his quality", faces(["intelligent", "stubborn", "stubborn"] * 2)),
            ("musket", at_least(4, ("the moon", 1))),
        ),
    )
    log: list[LogEntry] = []
    Context(ScriptedDice([1, 5]), log.append).roll("Dice", 2, "R", seat="a", math=math)
    html = explanation(explain(log[0].to_json()))
    assert "<h3>Each die</h3>" in html
    assert "<b>white: his quality</b>: threw 1: intelligent" in html
    assert (
        "<b>musket</b> (needs 4 or more): threw 5 +1 the moon = 6, made it (chance 66.7%)" in html
    )


def test_a_chart_roll_shows_each_row_with_its_exact_chance_and_the_row_it_gave() -> None:
    """A one-die chart (the mine: 1 fails, 2-3 damage, 4-6 sinks), a 3."""
    from quarterdeck.core.explain import faces
    from quarterdeck.web.render.explain import explanation

    math = faces(["fails", "damage", "damage", "sinks", "sinks", "sinks"])
    out = explain({"text": "x: rolled 3", "values": [3], "sides": 6, "math": math.to_json()})
    assert out["outcome"] == "damage"
    assert [(r["results"], r["words"], r["chance"], r["rolled"]) for r in out["chart"]] == [
        ("1", "fails", "16.7%", False),
        ("2-3", "damage", "33.3%", True),
        ("4-6", "sinks", "50.0%", False),
    ]
    html = explanation(out)
    assert (
        '<tr class="rolled"><th>2-3</th><td>damage</td><td>33.3%</td><td><small>1/3</small>'
    ) in html


def test_a_chart_row_below_the_first_takes_every_lower_result() -> None:
    """A morale total from -2 to 3 on a chart whose first row is 1."""
    math = RollMath(
        "sum", modifiers=(("losses", -3),), outcomes=((1, "fall back"), (3, "carry on"))
    )
    out = explain({"text": "x: rolled 1", "values": [1], "sides": 6, "math": math.to_json()})
    assert [(r["results"], r["chance"]) for r in out["chart"]] == [
        ("-2 to 2", "83.3%"),
        ("3", "16.7%"),
    ]
