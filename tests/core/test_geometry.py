"""The inch table: headings, bearings, arcs, ranges, line of sight, terrain."""

from __future__ import annotations

import math

import pytest

from quarterdeck.core.geometry import (
    Hull,
    Pose,
    Terrain,
    angle_diff,
    bearing,
    in_arc,
    norm_heading,
    segment_distance,
)


def test_headings_wrap_into_0_360() -> None:
    assert norm_heading(370) == 10
    assert norm_heading(-90) == 270
    assert norm_heading(360) == 0


def test_angle_diff_is_signed_and_smallest() -> None:
    assert angle_diff(350, 10) == 20
    assert angle_diff(10, 350) == -20
    assert angle_diff(0, 180) == 180


def test_bearing_north_is_zero_east_is_ninety() -> None:
    assert bearing((0, 0), (0, 5)) == 0
    assert bearing((0, 0), (5, 0)) == 90
    assert bearing((0, 0), (0, -5)) == 180
    assert bearing((0, 0), (-5, 0)) == 270


def test_advance_moves_along_heading() -> None:
    p = Pose(0, 0, 90).advance(10)
    assert p.x == pytest.approx(10) and p.y == pytest.approx(0)
    back = Pose(0, 0, 0).advance(-3)
    assert back.y == pytest.approx(-3)


def test_turn_keeps_the_point() -> None:
    p = Pose(4, 5, 350).turn(45)
    assert (p.x, p.y, p.heading) == (4, 5, 35)


def test_relative_bearing_starboard_positive() -> None:
    pose = Pose(0, 0, 0)
    assert pose.relative_bearing((10, 0)) == pytest.approx(90)
    assert pose.relative_bearing((-10, 0)) == pytest.approx(-90)


def test_arc_of_45_degrees_is_22_5_each_side() -> None:
    pose = Pose(0, 0, 0)
    # abeam to starboard, 22 degrees off the beam: inside; 23: outside
    inside = (math.cos(math.radians(22)), math.sin(math.radians(22)))
    outside = (math.cos(math.radians(23)), math.sin(math.radians(23)))
    assert in_arc(pose, (10 * inside[0], 10 * inside[1]), 90, 45)
    assert not in_arc(pose, (10 * outside[0], 10 * outside[1]), 90, 45)
    assert in_arc(pose, (0, 10), 0, 45)
    assert not in_arc(pose, (0, 10), 90, 45)


def test_segment_distance_parallel_and_crossing() -> None:
    assert segment_distance((0, 0), (0, 5), (3, 0), (3, 5)) == pytest.approx(3)
    assert segment_distance((0, 0), (4, 4), (0, 4), (4, 0)) == 0


def test_hull_range_is_keel_to_keel() -> None:
    a = Hull(Pose(0, 10, 0), 6)  # keel from (0,4) to (0,10)
    b = Hull(Pose(5, 0, 90), 2)  # keel from (3,0) to (5,0)
    assert a.stern == pytest.approx((0, 4))
    assert a.range_to(b) == pytest.approx(5.0)
    assert a.middle == pytest.approx((0, 7))


def test_terrain_blocks_paths_and_sight() -> None:
    island = Terrain([[(4, -1), (6, -1), (6, 1), (4, 1)]])
    assert island.crosses((0, 0), (10, 0))
    assert not island.crosses((0, 5), (10, 5))
    assert not island.line_of_sight((0, 0), (10, 0))
    assert island.line_of_sight((0, 5), (10, 5))
    assert island.is_land((5, 0)) and not island.is_land((0, 0))
    assert island.distance_to_land((0, 0)) == pytest.approx(4)
    assert island.nearest_shore((0, 0)) == pytest.approx((4, 0))


def test_a_fort_on_the_shore_sees_out() -> None:
    shore = Terrain([[(0, 0), (10, 0), (10, 10), (0, 10)]])
    assert shore.line_of_sight((10, 5), (20, 5))  # the fort stands on the edge
    assert not shore.line_of_sight((-5, 5), (20, 5))


def test_no_terrain_never_blocks() -> None:
    empty = Terrain()
    assert not empty
    assert not empty.crosses((0, 0), (1, 1))
    assert empty.line_of_sight((0, 0), (1, 1))
    assert math.isinf(empty.distance_to_land((0, 0)))


def test_astern_is_pose_behind() -> None:
    """geometry.astern gives Pose.behind's numbers to the last bit."""
    import random

    from quarterdeck.core.geometry import Pose, astern

    rng = random.Random(5)
    for _ in range(2000):
        x, y = rng.uniform(-80, 80), rng.uniform(-80, 80)
        heading, inches = rng.choice([0.0, 90.0, rng.uniform(0, 360)]), rng.uniform(0, 12)
        assert astern(x, y, heading, inches) == Pose(x, y, heading).behind(inches)


def test_degrees_and_radians_are_the_math_modules_own_products() -> None:
    """``d * RADIANS`` and ``r * DEGREES`` (the sums the geometry uses in
    place of calls into the math module) give math.radians and math.degrees
    to the last bit, for whole and fractional, small and large, negative
    headings."""
    import random

    from quarterdeck.core.geometry import DEGREES, RADIANS

    rng = random.Random(28)
    values = [rng.uniform(-1e4, 1e4) for _ in range(20_000)]
    values += [float(d) for d in range(-720, 721)] + [0.0, -0.0, 1e-300, 359.9999999999]
    values += [rng.uniform(-7.0, 7.0) for _ in range(20_000)]
    for v in values:
        assert (v * RADIANS).hex() == math.radians(v).hex()
        assert (v * DEGREES).hex() == math.degrees(v).hex()
    assert math.radians(90) == 90 * RADIANS  # a whole number of degrees
