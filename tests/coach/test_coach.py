"""The coach: answers from the observation alone, every decision kind, the review and its command."""

import json
from dataclasses import replace

import pytest

from thirtyone.coach import advise, review_record
from thirtyone.coach.advice import GUN_ODDS, percent
from thirtyone.coach.benchmark import Sample, calibration_table, coached_games, format_table, round_error
from thirtyone.coach.review import seat_decisions
from thirtyone.model import Discard, Fire, QuickDraw, Swap, SwapAll, preset
from thirtyone.model.presets import QUICK_DRAW
from thirtyone.model import observe
from thirtyone.model.actions import DRAW, KNOCK, PASS, TAKE
from thirtyone.model.record import GameRecord

from tests.engine_support import deal, play
from tests.engine_support import two_worlds as _two_worlds
from tests.cli_support import run

from tests.locations import DATA
RECORD = DATA / "record_coach_two_rounds.json"




@pytest.mark.parametrize("preset_id, seed, steps", [("classic", 1, 5), ("london", 2, 12), ("kitty", 3, 21),
                                                   ("commerce", 4, 9)])
def test_redealing_hidden_cards_changes_no_hint(preset_id, seed, steps):
    state, other, seat = _two_worlds(preset(preset_id), seed, steps)
    assert state.hands != other.hands or state.stock != other.stock
    first, second = advise(observe(state, seat)), advise(observe(other, seat))
    assert first == second
    assert first.text() == second.text()


def test_the_same_view_gets_the_same_answer():
    state, _ = deal(preset("classic"), ["AS KS 2H", "3C 4C 5D", "6H 7H 8S", "9D TD JC"], "QH")
    assert advise(observe(state, 0)) == advise(observe(state, 0))


def test_a_turn_weighs_draw_take_and_knock_in_player_words():
    state, _ = deal(preset("classic"), ["AS KS QS", "3C 4C 5D", "6H 7H 8S", "9D TD JC"], "2H")
    # 31 is shown at once in classic; with a sure 30 instead the knock should come first.
    state, _ = deal(preset("classic"), ["AS KS 2S", "3C 4C 5D", "6H 7H 8S", "9D TD 2C"], "QS")
    advice = advise(observe(state, 0))
    actions = {o.action for o in advice.options}
    assert {DRAW, TAKE, KNOCK} <= actions
    assert advice.best.action is TAKE  # the Q♠ makes 31
    assert advice.best.label == "Take the Q♠"
    assert advice.text().startswith("Take the Q♠: you keep your life ")
    assert " · Draw: " in advice.text() and " · Knock now: " in advice.text()
    assert all(o.keep_chance is not None and 0.0 <= o.keep_chance <= 1.0 for o in advice.options)


def test_a_discard_weighs_every_card():
    state, _ = deal(preset("classic"), ["AS KS 2H", "3C 4C 5D", "6H 7H 8S", "9D TD JC"], "QS")
    state, _ = play(state, "take")
    advice = advise(observe(state, 0))
    assert {o.action for o in advice.options} == {Discard(c) for c in state.hands[0] if c.code != "QS"}
    assert advice.best.action == Discard(state.hands[0][2])  # throw the 2♥, keep A♠ K♠ Q♠
    assert advice.best.label == "Throw the 2♥"


def test_board_games_weigh_swaps_pass_knock_and_swap_all():
    state, _ = deal(preset("commerce"), ["2H 3C 4D", "3D 4C 5D", "6H 7H 8S"], "AS KS QS")
    advice = advise(observe(state, 0))
    kinds = {type(o.action) for o in advice.options}
    assert Swap in kinds and SwapAll in kinds
    assert {PASS, KNOCK} & {o.action for o in advice.options}
    assert advice.best.action == SwapAll()
    assert advice.best.label == "Swap all three"


def test_old_west_gives_each_shot_its_chance_to_hit():
    """Issue 30: the coach said "Shoot Cleo" with no number ("shots are not scored")."""
    rules = preset("old-west-seed").replace(misfire_start=0.2)  # guns out from the first turn, 20% misfire
    state, _ = deal(rules, ["2H 3C 4D", "AD KD 2D", "6H 7H 8S", "9D TD JC"], "5S")
    advice = advise(observe(state, 0))
    shots = [o for o in advice.options if isinstance(o.action, Fire)]
    assert len(shots) == 3 and all(o.hit_chance == pytest.approx(0.8) and o.shot_chance is None for o in shots)
    text = advice.text()
    for shot in shots:
        assert f"{shot.label}: hits 80%" in text
    assert GUN_ODDS in text and "not scored" not in text
    assert any(o.keep_chance is not None for o in advice.options)


def test_quick_draw_gives_each_draw_its_chance_to_hit_and_to_be_shot_back():
    rules = preset("old-west-seed").replace(**QUICK_DRAW)
    state, _ = deal(rules, ["2H 3C 4D", "AD KD 2D", "6H 7H 8S", "9D TD JC"], "5S")
    advice = advise(observe(state, 0))
    draws = [o for o in advice.options if isinstance(o.action, QuickDraw)]
    assert len(draws) == 3
    for draw in draws:
        # Fresh guns never misfire: the target's answer beats the drawn gun about half the time.
        assert draw.hit_chance is not None and draw.shot_chance is not None
        assert 0.25 < draw.hit_chance < 0.75 and 0.25 < draw.shot_chance < 0.9
        assert f"{draw.label}: hits {percent(draw.hit_chance)}, shot back {percent(draw.shot_chance)}" in \
            advice.text() or advice.best is draw


def test_the_coach_refuses_another_seats_turn():
    state, _ = deal(preset("classic"), ["AS KS 2H", "3C 4C 5D", "6H 7H 8S", "9D TD JC"], "QH")
    with pytest.raises(ValueError):
        advise(observe(state, 1))


def test_review_covers_every_decision_of_the_seat_and_marks_the_costliest():
    record = GameRecord.from_json(RECORD.read_text())
    review = review_record(record, 1)
    expected = [(i, a) for i, _s, a in seat_decisions(record, 1)]
    assert [(d.index, d.move) for d in review.decisions] == expected
    assert all(record.actions[d.index] == d.move for d in review.decisions)
    costs = sorted((d.cost for d in review.decisions), reverse=True)
    assert [d.cost for d in review.costliest] == [c for c in costs if c > 0][:3]
    assert len(review.round_lines) == 2 and review.round_lines[0].startswith("Round 1: ")


def test_review_command_prints_moves_best_moves_and_the_costliest_three(capsys):
    record = GameRecord.from_json(RECORD.read_text())
    code, out, err = run(capsys, "review", str(RECORD), "--seat", "2")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "Your review (seat 2): 17 decisions"  # the reviewed seat reads its review
    decision_lines = [line for line in lines if " · best: " in line]
    assert len(decision_lines) == 17
    for line, (index, _state, action) in zip(decision_lines, seat_decisions(record, 1)):
        assert line.split()[0] == str(index + 1)
    assert sum("◀ costliest #" in line for line in decision_lines) == 3
    assert "Costliest decisions:" in lines and "Lives by round:" in lines


def test_review_command_json_matches_the_record(capsys):
    record = GameRecord.from_json(RECORD.read_text())
    code, out, _err = run(capsys, "review", str(RECORD), "--seat", "2", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["seat"] == 2 and data["name"] == record.seats[1].name  # numbered as --seat numbers it
    assert [d["move"] for d in data["decisions"]] == [str(a) for _i, _s, a in seat_decisions(record, 1)]
    assert sum(d["costliest"] for d in data["decisions"]) <= 3
    for d in data["decisions"]:
        assert 0 <= d["move_chance"] <= d["best_chance"] <= 1


def test_review_command_refuses_bad_files_in_one_line(capsys, tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "thirtyone-record", "version": 2,')
    code, out, err = run(capsys, "review", str(broken))
    assert code == 1 and out == "" and len(err.strip().splitlines()) == 1 and "not valid JSON" in err
    code, _out, err = run(capsys, "review", str(tmp_path / "missing.json"))
    assert code == 2 and "missing.json: no such file" in err
    code, _out, err = run(capsys, "review", str(RECORD), "--seat", "5")
    assert code == 2 and "seats 1 to 4" in err


def test_old_records_can_be_reviewed():
    record = GameRecord.from_json((DATA / "record_v1_london.json").read_text())
    first = next(seat_decisions(record, 0))
    advice = advise(observe(first[1], 0), also=first[2])
    assert advice.chance_of(first[2]) is not None


def test_calibration_benchmark_produces_a_sane_table():
    # 60 play-outs a decision check the table's machinery (the coach's own are 1,200): the same 200 decisions,
    # rated likely to keep a life kept it 88% of the time, rated unlikely 18% (200 play-outs: 85% and 17%).
    samples = list(coached_games(["classic", "london"], ["sharp", "casual", "sharp"], seed=5, limit=200,
                                 playouts=60))
    assert len(samples) == 200
    groups = calibration_table(samples)
    assert sum(g.count for g in groups) == 200
    for group in groups:
        assert group.low <= group.predicted <= group.low + 0.1 + 1e-9
    # Decisions the coach rates likely to keep a life do keep it more often than those it rates unlikely.
    low = [s.kept for s in samples if s.predicted < 0.5]
    high = [s.kept for s in samples if s.predicted >= 0.8]
    assert low and high and sum(high) / len(high) > sum(low) / len(low)
    table = format_table(groups)
    assert table.splitlines()[0].startswith("| predicted | decisions |")
    # Each decision says its round, so the table can count its errors by rounds.
    assert all(s.round.startswith("5/") and s.round.count("/") == 2 for s in samples)
    assert table.splitlines()[0].endswith("error (by rounds) |") and all(g.error is not None for g in groups)


def test_a_rounds_shared_outcome_widens_the_calibration_error():
    """Four decisions from two rounds (each round's two decisions kept or lost together) are worth two
    independent outcomes, not four: the error counted by rounds says so (0.354, not 0.25)."""
    together = [Sample("schwimmen", "board-32", 0.5, 0.5, kept, False, f"1/0/{n}")
                for n, kept in ((1, True), (1, True), (2, False), (2, False))]
    apart = [replace(s, round=f"1/0/{n}") for n, s in enumerate(together)]
    assert round_error(together) == pytest.approx(2 ** 0.5 / 4)
    assert round_error(apart) == pytest.approx(0.25)
    assert round_error([replace(s, round="") for s in together]) is None  # a run saved before rounds were kept
    assert "error (by rounds)" not in format_table(calibration_table([replace(s, round="") for s in together]))


def test_calibration_map_per_decision_kind_for_every_rule_set():
    from thirtyone.coach import calibration

    classic = preset("classic")
    house = classic.replace(lives=7)
    deal_cards = ["AS KS 2H", "3C 4C 5D", "6H 7H 8S", "9D TD JC"]
    for rules in (classic, house):
        state, _ = deal(rules, deal_cards, "QH")
        observation = observe(state, 0)
        assert calibration.calibrated(0.5, observation) == calibration.through(calibration.KNOTS["turn"], 0.5)
        # No play-out kept a life: the measured rate of such moves, far below the map's lowest knot.
        assert calibration.calibrated(0.0, observation) == calibration.HOPELESS["turn"] < 0.05
        assert calibration.calibrated(0.001, observation) == calibration.KNOTS["turn"][0][1] > 0.3
    for knots in calibration.KNOTS.values():
        raws, shown = [k[0] for k in knots], [k[1] for k in knots]
        # Both rise strictly: a better move never shows a lower chance.
        assert raws == sorted(set(raws)) and shown == sorted(set(shown)) and 0 < shown[0] and shown[-1] < 1
        assert calibration.through(knots, 0.0) == shown[0] and calibration.through(knots, 1.0) == shown[-1]
        assert calibration.through(knots, raws[3]) == shown[3]
        middle = (raws[3] + raws[4]) / 2
        assert calibration.through(knots, middle) == pytest.approx((shown[3] + shown[4]) / 2)


def test_fitted_knots_are_the_observed_rates_pooled_until_they_rise():
    from thirtyone.coach.benchmark import Sample, fit_hopeless, fit_knots

    def samples(raw: float, kept: int, count: int) -> list[Sample]:
        return [Sample("classic", "turn", raw, raw, i < kept) for i in range(count)]
    # Four groups of ten: kept 2, 5, 4, 9 times. The 5 and the 4 are out of order and pool to 4.5.
    data = samples(0.1, 2, 10) + samples(0.3, 5, 10) + samples(0.5, 4, 10) + samples(0.9, 9, 10)
    assert fit_knots(data, bins=4) == ((0.1, 0.2), (0.4, 0.45), (0.9, 0.9))
    # Moves every play-out kept are a group of their own, those none kept are apart from the map;
    # no chance shown is 0 or 1.
    sure = samples(0.0, 0, 10) + samples(0.5, 5, 10) + samples(0.999, 10, 10)
    assert fit_knots(sure, bins=2) == ((0.5, 0.5), (0.999, 0.99))
    assert fit_hopeless(sure, 0.5, minimum=10) == 0.01 and fit_hopeless(samples(0.0, 1, 4), 0.5, minimum=4) == 0.25
    # Too few such moves for a rate of their own: the shared chance.
    assert fit_hopeless(samples(0.0, 1, 4), 0.5, minimum=5) == 0.5
