"""Shared test settings: the hypothesis profiles. Helpers are imported as ``tests.engine_support`` …
(pytest puts the project root on the path: ``pythonpath`` in pyproject.toml)."""

import os

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
    ("ui_window/test_ui_menus_xvfb.py", "test_the_demo_left_alone_passes_round_ends"),
    ("ui_window/test_ui_scenarios_xvfb.py", "test_pass_and_play_hands_off_before_each_human_turn_and_shows_bot_turns"),
    ("ui_window/test_ui_xvfb_network.py", "test_two_windows_play_a_game_over_the_network_one_hosting_one_joining"),
    ("ui_window/test_ui_scenarios_xvfb.py", "test_knocked_out_the_player_watches_the_rest_without_touching_anything"),
    ("ui_window/test_ui_xvfb_daily.py", "test_todays_daily_played_in_a_real_window"),
    ("ui_window/test_ui_scenarios_xvfb.py", "test_one_click_game_played_to_game_over_is_archived_and_counted"),
    ("ui_window/test_ui_xvfb.py", "test_play_a_whole_game_in_a_real_window"),
    ("ui_window/test_ui_menus_xvfb.py", "test_keyboard_only_new_game_starts_the_chosen_preset_and_difficulty"),
    ("ui_window/test_ui_xvfb_table.py", "test_drag_a_card_onto_the_discard_pile_in_a_real_window"),
    ("packaging/test_typing.py", "test_the_whole_package_and_its_tests_pass_mypy_strict"),
    ("ui/test_ui_scenes.py", "test_demo_plays_games_continuously"),
    ("coach/test_what_if.py", "test_every_lost_round_gets_its_costliest_decision"),
    ("coach/test_coach.py", "test_calibration_benchmark_produces_a_sane_table"),
    ("ui/test_ui_repaint.py", "test_every_frame_of_a_real_game_equals_a_whole_repaint"),
    ("ui_window/test_ui_xvfb_table.py",
     "test_a_window_shrunk_to_one_pixel_at_the_table_paused_and_enlarged_shows_the_table"),
    ("ui_window/test_ui_xvfb_review.py", "test_replay_and_review_a_finished_game_in_a_real_window"),
    ("ui/test_ui_review.py", "test_the_review_is_drawn_from_its_picture_alone"),
    ("cli/test_daily_command.py", "test_json_is_one_object_per_day_and_jobs_do_not_change_it"),
    ("ui/test_ui_review_notes.py", "test_every_round_of_the_coach_review_can_be_read_whole_by_scrolling"),
    ("cli/test_cli_reading.py", "test_review_writes_on_a_cp1252_console"),
    ("storage/test_storage_stats.py",
     "test_every_old_west_game_counts_and_shot_players_are_placed_in_the_order_they_left"),
    ("packaging/test_start_check.py",
     "test_with_window_the_game_from_source_passes_and_a_program_without_a_window_fails"),
    ("ui_window/test_ui_menus_xvfb.py", "test_a_1024x600_screen_shows_the_whole_window"),
    ("model/test_seed_rules.py", "test_every_accepted_rule_set_ends_under_random_play"),
    ("coach/test_accuracy.py", "test_a_game_of_only_best_moves_is_100_percent"),
    ("ui/test_ui_daily.py", "test_a_whole_daily_through_the_window"),
    ("ui/test_ui_accuracy.py", "test_the_game_over_shows_the_accuracy_the_review_gives"),
    ("net/test_net_hostile.py", "test_hostile_clients_are_refused_and_the_game_ends_as_it_would_have_without_them"),
    ("i18n/test_german_screens.py", "test_every_screen_is_whole_in_english_too"),
    ("i18n/test_german_screens.py", "test_every_screen_is_german_and_whole"),
    ("model/test_record_hostile.py", "test_random_json_gives_a_record_error_or_a_record"),
    ("ui/test_selftest_tour.py", "test_the_walk_reaches_every_screen_and_keeps_the_game_it_played"),
    ("ui/test_ui_host_lobby.py", "test_a_table_hosted_from_the_window_keeps_its_game_and_opens_it_again_for_everyone"),
    ("ui/test_ui_menus.py", "test_demo_left_alone_passes_round_ends_on_the_clock_while_idle"),
    ("ui/test_ui_accuracy.py", "test_the_coachs_answers_are_worked_out_while_playing_and_archived_with_the_game"),
    ("ui/test_ui_fuzz.py", "test_random_events_never_crash"),
    ("packaging/test_packaging.py", "test_the_wheel_installed_outside_the_tree_finds_the_art"),
    ("model/test_no_kept_state.py", "test_no_state_is_reachable_while_or_after_bots_decide"),
    ("ui/test_ui_scenes.py", "test_bot_games_animate_through_every_preset"),
    ("ui/test_ui_host_lobby.py",
     "test_new_game_with_a_remote_seat_hosts_and_a_friend_joins_and_the_game_is_played_to_the_end"),
    ("cli/test_net_commands.py",
     "test_the_host_quits_mid_game_and_the_same_commands_again_finish_it_with_the_same_seats"),
    ("coach/test_accuracy.py", "test_thirtyone_review_reports_both"),
    ("packaging/test_desktop_metadata.py", "test_the_screenshot_script_draws_the_pictures_the_metainfo_shows"),
    ("i18n/test_german_review.py", "test_the_review_is_german_through_and_through"),
    ("ui/test_ui_storage.py", "test_settings_and_statistics_survive_random_clicks_keys_and_sizes"),
    ("ui/test_ui_review.py", "test_review_scene_shows_the_record_as_it_steps"),
    ("test_daily.py", "test_the_par_of_a_pinned_day_and_its_record"),
    ("coach/test_coach.py", "test_review_command_json_matches_the_record"),
)
"""The tests that took 3 s or more (path under tests/, test name), longest first: a whole run with
--durations on the shared 2 cores, 2026-11-26 (33.8 s down to 3.3 s, the real-window ones before their
screenshots were made cheap). A test that is slow now and missing here only starts later."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The longest tests first, then every other test in its usual order.

    With the tests handed to the workers one at a time (``--maxschedchunk 1`` in pyproject.toml), the
    long ones start at once on all four workers and the run ends on short ones: in file order the
    real-window tests came last (tests/ui_window) and four of them ended the run alone, waiting on
    their windows while the cores were idle."""
    rank = {(path, name): place for place, (path, name) in enumerate(LONGEST_FIRST)}

    def place(item: pytest.Item) -> int:
        path, _, name = item.nodeid.partition("::")
        return rank.get((path.removeprefix("tests/"), name.split("[")[0]), len(rank))
    items.sort(key=place)
