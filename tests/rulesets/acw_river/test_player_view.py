"""The computer player's lazy view (issue 14) is the seat's plain view."""

from __future__ import annotations

from tests.sim.lazy_views import assert_lazy_view_is_plain


def test_acw_players_lazy_view_is_the_seats_view_entry_by_entry() -> None:
    """Every decision of a whole game, for each side, a spectator and
    everything: each part of the computer player's view and each entry of
    each ship's view, read alone, is that of the plain view, and the whole
    of it is the plain view (its ships in the same order)."""
    assert_lazy_view_is_plain(
        "mobile-bay-torpedoes-1864", 3, lambda state: [*state.sides, None, "*"], every=7
    )
