"""The triangular point grid (Away, Boarders! 1.2): neighbours, distance,
bearings, arcs and lines of points."""

from __future__ import annotations

import dataclasses
import itertools

import pytest
from hypothesis import given, strategies as st

from quarterdeck.core import pointgrid as pg


def test_every_point_has_six_neighbours_at_distance_one() -> None:
    ns = pg.neighbours((3, 4))
    assert len(set(ns)) == 6
    assert all(pg.distance((3, 4), n) == 1 for n in ns)


def test_distance_counts_points_along_the_shortest_path() -> None:
    assert pg.distance((0, 0), (3, 0)) == 3
    assert pg.distance((0, 0), (2, -1)) == 2
    assert pg.distance((0, 0), (1, -2)) == 2
    assert pg.distance((0, 0), (-2, 4)) == 4


def test_directions_lie_sixty_degrees_apart_counter_clockwise_from_east() -> None:
    for d in range(6):
        assert pg.bearing((0, 0), pg.step((0, 0), d)) == 60.0 * d
        assert pg.direction_of((0, 0), pg.step((0, 0), d, 3)) == d
    assert pg.direction_of((0, 0), (1, -2)) is None


def test_relative_bearing_port_beam_is_ninety() -> None:
    # facing east, a point due north lies on the port beam
    assert pg.relative_bearing((0, 0), 0, (1, -2)) == 90.0
    assert pg.relative_bearing((0, 0), 0, (-1, 2)) == 270.0
    assert pg.relative_bearing((0, 0), 3, (1, 0)) == 180.0


def test_arc_includes_its_edges() -> None:
    assert pg.in_arc((0, 0), 0, (1, -1), 90.0, 30.0)  # 60 degrees
    assert pg.in_arc((0, 0), 0, (0, -1), 90.0, 30.0)  # 120 degrees
    assert not pg.in_arc((0, 0), 0, (1, 0), 90.0, 30.0)
    assert not pg.in_arc((0, 0), 0, (0, 0), 90.0, 30.0)


def test_turn_is_positive_to_port() -> None:
    assert pg.turn(0, 1) == 1
    assert pg.turn(0, -1) == 5


def test_line_runs_from_end_to_end_through_neighbours() -> None:
    path = pg.line((0, 0), (4, -2))
    assert path[0] == (0, 0) and path[-1] == (4, -2)
    assert all(pg.distance(a, b) == 1 for a, b in itertools.pairwise(path))


def test_line_between_two_points_on_an_edge_has_two_readings() -> None:
    one, two = pg.between((0, 0), (1, -2))
    assert one != two
    assert {one[0], two[0]} == {(1, -1), (0, -1)}


def test_blocked_point_cuts_line_of_sight_only_on_both_readings() -> None:
    grid = pg.Grid(10, 10, frozenset({(1, 0)}))
    assert not grid.clear_line((0, 0), (3, 0))
    grid2 = pg.Grid(10, 10, frozenset({(1, -1)}))
    assert grid2.clear_line((0, 0), (1, -2))
    grid3 = pg.Grid(10, 10, frozenset({(1, -1), (0, -1)}))
    assert not grid3.clear_line((0, 0), (1, -2))


def test_grid_contains_offset_rows_and_columns() -> None:
    grid = pg.Grid(4, 3)
    pts = list(grid.points())
    assert len(pts) == 12
    assert all(0 <= pg.column(p) < 4 for p in pts)
    assert pg.from_column(2, 3) == (1, 3)
    assert not grid.contains(pg.from_column(4, 0))
    assert grid.is_open((0, 0))


points = st.tuples(st.integers(-20, 20), st.integers(-20, 20))


@given(points, points)
def test_distance_is_symmetric_and_zero_only_at_the_same_point(a: pg.Point, b: pg.Point) -> None:
    assert pg.distance(a, b) == pg.distance(b, a)
    assert (pg.distance(a, b) == 0) == (a == b)


@given(points, points, points)
def test_distance_obeys_the_triangle_inequality(a: pg.Point, b: pg.Point, c: pg.Point) -> None:
    assert pg.distance(a, c) <= pg.distance(a, b) + pg.distance(b, c)


@given(points, points)
def test_every_reading_of_a_line_is_a_chain_of_neighbours(a: pg.Point, b: pg.Point) -> None:
    for path in pg.lines(a, b):
        assert path[0] == a and path[-1] == b
        assert len(path) == pg.distance(a, b) + 1
        assert all(pg.distance(x, y) == 1 for x, y in itertools.pairwise(path))


@given(points, st.integers(0, 5), st.integers(1, 9))
def test_stepping_along_a_direction_keeps_its_bearing(p: pg.Point, d: int, n: int) -> None:
    q = pg.step(p, d, n)
    assert pg.distance(p, q) == n
    assert pg.direction_of(p, q) == d


def test_equal_fields_hash_alike_and_stay_frozen() -> None:
    """Grid's written-out __hash__ (compiled by the build) agrees with its
    equality: two fields of the same size and blocked points are one key."""
    a = pg.Grid(5, 4, frozenset({(1, 1), (2, 3)}))
    b = pg.Grid(5, 4, frozenset({(2, 3), (1, 1)}))
    assert a == b and hash(a) == hash(b)
    assert {a: 1}[b] == 1
    assert a != pg.Grid(5, 4, frozenset({(1, 1)})) and a != pg.Grid(4, 5, a.blocked)
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.width = 6  # type: ignore[misc]
