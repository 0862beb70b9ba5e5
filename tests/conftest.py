"""Shared test settings: the hypothesis profiles. Helpers are imported as ``tests.engine_support`` …
(pytest puts the project root on the path: ``pythonpath`` in pyproject.toml)."""

import os
from collections.abc import Iterator

import pytest
from hypothesis import settings

# "ci" keeps the default run short; "long" is the separate, thorough property run
# (HYPOTHESIS_PROFILE=long python -m pytest tests/model/test_properties.py).
settings.register_profile("ci", settings(max_examples=30, deadline=None))
settings.register_profile("long", settings(max_examples=1500, deadline=None))
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture(autouse=True, scope="session")
def _shared_reviews(tmp_path_factory: pytest.TempPathFactory) -> None:
    """The coach's reviews kept for the workers of this run (tests/review_once.py) go into the run's
    temporary folder, shared by its xdist workers (each has its own below it), cleaned up by pytest."""
    from tests import review_once
    review_once.shared_folder = tmp_path_factory.getbasetemp().parent / "reviews"


LONGEST_FIRST: tuple[tuple[str, str], ...] = (
    ("storage/test_storage_stats.py",
     "test_every_old_west_game_counts_and_shot_players_are_placed_in_the_order_they_left"),
    ("coach/test_what_if.py", "test_every_lost_round_gets_its_costliest_decision"),
    ("model/test_seed_rules.py", "test_every_accepted_rule_set_ends_under_random_play"),
    ("ui/test_ui_repaint.py", "test_every_frame_of_a_real_game_equals_a_whole_repaint"),
    ("ui_window/test_ui_xvfb_daily.py", "test_todays_daily_played_in_a_real_window"),
    ("ui_window/test_ui_scenarios_xvfb.py", "test_knocked_out_the_player_watches_the_rest_without_touching_anything"),
    ("cli/test_daily_command.py", "test_json_is_one_object_per_day_and_jobs_do_not_change_it"),
    ("ui_window/test_ui_xvfb.py", "test_play_a_whole_game_in_a_real_window"),
    ("coach/test_coach.py", "test_calibration_benchmark_produces_a_sane_table"),
    ("ui_window/test_ui_xvfb_network.py", "test_two_windows_play_a_game_over_the_network_one_hosting_one_joining"),
    ("ui_window/test_ui_menus_xvfb.py", "test_the_demo_left_alone_passes_round_ends"),
    ("ui_window/test_ui_scenarios_xvfb.py", "test_pass_and_play_hands_off_before_each_human_turn_and_shows_bot_turns"),
    ("ui/test_selftest_tour.py", "test_the_walk_reaches_every_screen_and_keeps_the_game_it_played"),
    ("ui/test_ui_accuracy.py", "test_the_game_over_shows_the_accuracy_the_review_gives"),
    ("i18n/test_german_screens.py", "test_every_screen_is_german_and_whole"),
    ("i18n/test_german_screens.py", "test_every_screen_is_whole_in_english_too"),
    ("packaging/test_packaging.py", "test_the_wheel_installed_outside_the_tree_finds_the_art"),
    ("ui/test_ui_menus.py", "test_pass_and_play_bots_play_in_front_of_the_humans"),
    ("ui_window/test_ui_scenarios_xvfb.py", "test_one_click_game_played_to_game_over_is_archived_and_counted"),
    ("coach/test_accuracy.py", "test_a_game_of_only_best_moves_is_100_percent"),
    ("ui/test_ui_review.py", "test_the_review_is_drawn_from_its_picture_alone"),
    ("ui/test_ui_storage.py", "test_settings_and_statistics_survive_random_clicks_keys_and_sizes"),
    ("ui/test_ui_menus.py", "test_demo_left_alone_passes_round_ends_on_the_clock_while_idle"),
    ("ui/test_ui_daily.py", "test_a_whole_daily_through_the_window"),
    ("net/test_net_hostile.py", "test_hostile_clients_are_refused_and_the_game_ends_as_it_would_have_without_them"),
    ("ui/test_ui_fuzz.py", "test_random_events_never_crash"),
    ("ui_window/test_ui_xvfb_table.py",
     "test_a_window_shrunk_to_one_pixel_at_the_table_paused_and_enlarged_shows_the_table"),
    ("test_daily.py", "test_the_par_of_a_pinned_day_and_its_record"),
    ("cli/test_net_commands.py", "test_a_table_over_tls_with_a_self_made_certificate"),
    ("ui/test_ui_accuracy.py", "test_the_coachs_answers_are_worked_out_while_playing_and_archived_with_the_game"),
    ("coach/test_keeper.py", "test_every_human_decision_is_answered_while_playing_and_the_review_reads_the_answers"),
    ("ui_window/test_ui_xvfb_table.py", "test_drag_a_card_onto_the_discard_pile_in_a_real_window"),
    ("coach/test_kept_review.py", "test_a_kept_answer_that_does_not_fit_is_worked_out_afresh"),
    ("ui_window/test_ui_xvfb_review.py", "test_replay_and_review_a_finished_game_in_a_real_window"),
    ("coach/test_keeper.py", "test_a_take_back_and_another_move_get_their_own_answer"),
    ("model/test_record_hostile.py", "test_random_json_gives_a_record_error_or_a_record"),
    ("ui/test_ui_scenes.py", "test_demo_plays_games_continuously"),
    ("packaging/test_desktop_metadata.py", "test_the_screenshot_script_draws_the_pictures_the_metainfo_shows"),
    ("ui/test_ui_review_notes.py", "test_every_round_of_the_coach_review_can_be_read_whole_by_scrolling"),
    ("cli/test_cli_reading.py", "test_review_writes_on_a_cp1252_console"),
)
"""The tests that took 12 s or more in a whole run with --durations on the shared 2 cores at load 11-23
(2026-11-26, 2,017 tests in 614 s; about 2 s or more on a quiet machine), as (path under tests/, test
name), longest first. A test that is slow now and missing here only starts later."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The longest tests first, then the other real-window tests, then every other test in its usual order.

    With the tests handed to the workers one at a time (``--maxschedchunk 1`` in pyproject.toml), the
    long ones start at once on all four workers and the run ends on short ones. In file order the
    real-window tests, most of them long, came last (tests/ui_window), in chunks handed out ahead, where
    one can end the run alone, waiting on its window while the other workers have nothing left to do."""
    rank = {(path, name): place for place, (path, name) in enumerate(LONGEST_FIRST)}

    def place(item: pytest.Item) -> int:
        path, _, name = item.nodeid.partition("::")
        waits_on_a_window = item.get_closest_marker("xvfb") is not None  # the rest of them, after the listed
        return rank.get((path.removeprefix("tests/"), name.split("[")[0]), len(rank) + (not waits_on_a_window))
    items.sort(key=place)


@pytest.hookimpl(trylast=True)
def pytest_collection_finish(session: pytest.Session) -> None:
    """What lives once the tests are collected (the modules, the collected tests, their marks and
    rewritten assertions) lives to the end of the run: collected once and frozen out of the collector's
    sight (``gc.freeze``). Every full collection after it (the window collects at each change of screen,
    ui/app.py, and Python on its own every so often) walks only what the tests made, not this heap."""
    import gc
    gc.collect()
    gc.freeze()


@pytest.fixture(autouse=True)
def _english_after_each_test() -> Iterator[None]:
    """Every test starts in English: a test that switches the process to German (``--language de``,
    a German app) must not leave the next test on its worker reading German words."""
    yield
    from thirtyone import i18n
    if i18n.language() != "en":
        i18n.set_language("en")
