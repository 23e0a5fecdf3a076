"""Each move's way (3.1, 3.2) and the wind's angle are read off tables made
once (sailing._WAYS, sailing._ANGLES): they agree with the plain readings
of the move's name and of the points between bow and wind."""

from __future__ import annotations

from quarterdeck.core import pointgrid as pg
from quarterdeck.rulesets.away_boarders import sailing


def _plain_result(p: pg.Point, facing: int, move: str) -> tuple[pg.Point, int]:
    if move.startswith("advance"):
        p = pg.step(p, facing)
    if move.endswith("-port"):
        facing = pg.turn(facing, 1)
    elif move.endswith("-starboard"):
        facing = pg.turn(facing, -1)
    return p, facing


def test_move_results_are_the_plain_readings_of_the_moves() -> None:
    for move in (*sailing.MOVES, "", "advance-nowhere", "back-port"):
        for facing in range(6):
            for p in ((0, 0), (3, -2), (7, 5)):
                assert sailing.move_result(p, facing, move) == _plain_result(p, facing, move)


def test_wind_angles_are_the_nearer_way_round() -> None:
    for wind in range(-6, 12):
        for facing in range(-6, 12):
            k = (wind - facing) % 6
            assert sailing.wind_angle(wind, facing) == min(k, 6 - k)
