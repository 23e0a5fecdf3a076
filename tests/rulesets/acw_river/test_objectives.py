"""Game Objectives: when each card is met, and who wins."""

from __future__ import annotations

from quarterdeck.rulesets.acw_river.objectives import check_end, event_met, final_met

from .helpers import T, context, position, ship


def fleets():
    state = position(
        [
            ship("tennessee", "tennessee", "confederate", 24, 60, 180.0),
            ship("gaines", "gaines", "confederate", 30, 60, 180.0),
            ship("tecumseh", "tecumseh", "union", 24, 10),
            ship("chickasaw", "chickasaw", "union", 30, 10),
            ship("hartford", "hartford", "union", 36, 10),
        ]
    )
    state.setup["nominated"] = {"union": "hartford", "confederate": "tennessee"}
    return state


def test_destroy_up_to_one_enemy_ironclad() -> None:
    state = fleets()
    assert not event_met(state, "confederate", "ironclad-1", T)
    state.ships["tecumseh"].status = "sunk"
    assert event_met(state, "confederate", "ironclad-1", T)
    assert not event_met(state, "confederate", "ironclad-2", T)
    state.ships["chickasaw"].status = "captured"
    state.ships["chickasaw"].side = "confederate"
    assert event_met(state, "confederate", "ironclad-2", T)


def test_up_to_two_ironclads_when_the_enemy_has_only_one() -> None:
    state = fleets()
    state.ships["tennessee"].status = "abandoned"
    assert event_met(state, "union", "ironclad-2", T)


def test_destroy_the_nominated_enemy_flagship() -> None:
    state = fleets()
    state.ships["hartford"].status = "sunk"
    assert event_met(state, "confederate", "flagship", T)


def test_ships_through_the_blockade_leave_by_the_enemys_end() -> None:
    state = fleets()
    state.ships["gaines"].status = "exited"
    state.ships["gaines"].exit_edge = "upstream"  # back home: not through
    assert not event_met(state, "confederate", "through-1", T)
    state.ships["gaines"].exit_edge = "downstream"
    assert event_met(state, "confederate", "through-1", T)
    assert not event_met(state, "confederate", "through-2", T)


def test_control_the_downstream_area_own_ships_there_no_enemy() -> None:
    state = fleets()
    state.sides["union"].objectives = ["downstream"]
    assert final_met(state, "union", T) == ["downstream"]
    state.ships["gaines"].y = 10.0
    assert final_met(state, "union", T) == []


def test_winner_both_objectives_beat_one_one_beats_none_else_a_draw() -> None:
    state = fleets()
    state.sides["union"].objectives = ["ironclad-1", "downstream"]
    state.sides["confederate"].objectives = ["flagship", "through-1"]
    state.turn = state.turn_limit
    ctx, _, _ = context([])
    state.ships["tennessee"].status = "sunk"
    assert check_end(state, ctx, T)
    assert state.result["winner"] == "union"
    assert "union met 2 of 2" in state.result["detail"]


def test_the_battle_ends_when_a_side_has_met_every_objective() -> None:
    state = fleets()
    state.sides["confederate"].objectives = ["ironclad-1", "flagship"]
    state.sides["union"].objectives = ["downstream", "fleet"]
    state.ships["tecumseh"].status = "sunk"
    state.ships["hartford"].status = "sunk"
    ctx, _, log = context([])
    assert check_end(state, ctx, T)
    assert state.result["winner"] == "confederate"
    met_lines = [e for e in log if e.text.startswith("Objective met")]
    assert met_lines and all(e.seats == ("confederate",) for e in met_lines)


def test_the_battle_goes_on_while_a_side_has_a_fort_still_firing() -> None:
    # Forts and Buildings: a fort fires until it is silenced (below a third
    # of its FPV) or abandoned; a fleet sunk under its guns does not end the
    # battle while the fort still holds the river
    from .test_forts import FORT

    state = position(
        [
            ship("manassas", "manassas", "confederate", 24, 60, 180.0),
            ship("hartford", "hartford", "union", 36, 10),
        ],
        forts=[FORT],
    )
    state.sides["confederate"].objectives = ["fort", "flagship"]
    state.sides["union"].objectives = ["through-2", "ironclad-1"]
    state.ships["manassas"].status = "sunk"
    ctx, _, _ = context([])
    assert not check_end(state, ctx, T) and state.result is None
    state.forts["fort"].status = "silenced"
    assert check_end(state, ctx, T)
    assert "the confederate fleet has nothing left in action" in state.result["detail"]
