# The engine from Python: notation, classification, catalogue ids and legal moves against the C++
# side (the catalogue filtered by the rules, `ddz classify/moves`), and ddz.Game against `ddz game --replay`.
import json
import random

import pytest

import ddz
from conftest import run_ddz, run_ddz_json


def contains(hand, cards):
    have, need = ddz.rank_counts(hand), ddz.rank_counts(cards)
    return all(n <= h for n, h in zip(need, have))


def test_notation_round_trips_and_accepts_every_spelling():
    assert ddz.parse_cards("d x 2 10 3,3") == "33T2XD"
    assert ddz.parse_cards("BR") == "XD"
    assert ddz.parse_cards("") == ""
    assert ddz.cards_from_ids([0, 1, 2, 52, 53]) == "333XD"
    assert ddz.rank_counts("333XD") == [3] + [0] * 12 + [1, 1]


def test_catalogue_ids_and_classification():
    cat = ddz.catalogue()
    assert len(cat) == ddz.NUM_COMBINATIONS == 27471 and ddz.NUM_ACTIONS == 27472 and ddz.PASS == 27471
    assert len(set(cat)) == len(cat)
    rng = random.Random(7)
    for action in rng.sample(range(len(cat)), 500) + [0, len(cat) - 1]:
        cards = ddz.action_cards(action)
        assert cards == cat[action]
        assert ddz.action_id(cards) == action
        assert ddz.classify(cards)["action_id"] == action
    assert ddz.action_cards(ddz.PASS) == "pass" and ddz.action_id("pass") == ddz.PASS
    assert ddz.classify("33334444") is None and ddz.classify("3333XD") is None
    assert ddz.classify("XD") == {"cards": "XD", "type": "rocket", "key": "", "length": 1, "action_id": 27470}


def test_classify_agrees_with_the_cli(ddz_binary):
    for cards in ["33344455", "TJQKA", "333444XD", "3333", "55667788", "2"]:
        ours = ddz.classify(cards)
        proc = run_ddz("classify", cards, "--json", expect_ok=False)
        if ours is None:
            assert proc.returncode == 1
        else:
            theirs = json.loads(proc.stdout)
            assert theirs["type"] == ours["type"] and theirs["action_id"] == ours["action_id"]


def random_hand(rng, size):
    deck = list(range(54))
    rng.shuffle(deck)
    return ddz.cards_from_ids(deck[:size])


def test_legal_moves_equal_the_catalogue_filtered_by_the_rules():
    cat = ddz.catalogue()
    rng = random.Random(2026)
    for trial in range(60):
        hand = random_hand(rng, rng.choice([5, 10, 17, 20]))
        beat = None if trial % 3 == 0 else cat[rng.randrange(len(cat))]
        expected = {c for c in cat if contains(hand, c) and ddz.beats(c, beat or "pass")}
        moves = ddz.legal_moves(hand, beat)
        assert len(moves) == len(set(moves))
        if beat is None:
            assert set(moves) == expected
        else:
            assert moves[-1] == "pass" and set(moves[:-1]) == expected
        assert ddz.legal_actions(hand, beat) == [ddz.action_id(m) for m in moves]


def test_legal_moves_agree_with_the_cli(ddz_binary):
    rng = random.Random(11)
    for _ in range(5):
        deck = list(range(54))
        rng.shuffle(deck)
        hand = ddz.cards_from_ids(deck[:17])
        beat = rng.choice(ddz.legal_moves(ddz.cards_from_ids(deck[17:34])))
        theirs = run_ddz_json("moves", "--hand", hand, "--beat", beat, "--json")
        assert ddz.legal_moves(hand, beat) == [m["cards"] for m in theirs["moves"]]


def play_random_game(seed, bidding=False):
    rng = random.Random(seed)
    game = ddz.Game(seed=seed, bidding=bidding)
    while not game.is_over():
        if game.phase == "bidding":
            game.bid(rng.choice(game.legal_bids()))
        else:
            game.apply(rng.choice(game.legal_moves()))
        assert game.check_consistency() == ""
    return game


@pytest.mark.parametrize("bidding", [False, True])
def test_a_random_game_replays_through_the_cli(tmp_path, ddz_binary, bidding):
    game = play_random_game(5, bidding)
    # The record is written from what Python sees (deal, bids, plays), not by the C++ writer.
    deal = game.deal
    record = {
        "format": "ddz-game", "version": 1, "seed": 5,
        "rules": {"bidding": bidding, "fixed_landlord": 0, "first_bidder": game.first_bidder},
        "agents": ["python"] * 3, "deal": deal, "first_bidder": game.first_bidder,
        "bids": [{"seat": s, "bid": b} for s, b in game.bids], "redeals": game.redeals,
        "landlord": game.landlord, "base": game.base_score,
        "plays": [{"seat": s, "pass": True} if m == "pass" else {"seat": s, "cards": m} for s, m in game.history],
        "winner": game.winner, "stake": game.stake, "scores": list(game.scores),
    }
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    replayed = run_ddz_json("game", "--replay", path, "--json")
    assert replayed["winner"] == game.winner and replayed["scores"] == list(game.scores)
    assert [p.get("cards", "pass") for p in replayed["plays"]] == [m for _, m in game.history]
    # And the C++ writer's record of the same game replays too.
    path.write_text(game.record(["python"] * 3, 5))
    assert run_ddz_json("game", "--replay", path, "--json")["scores"] == list(game.scores)


def test_the_same_seed_deals_the_same_game_as_the_cli(ddz_binary):
    theirs = run_ddz_json("game", "--seed", 42, "--json")
    game = ddz.Game(seed=42)
    assert game.deal == theirs["deal"]


def test_game_rejects_illegal_moves_and_stays_unchanged():
    game = ddz.Game(seed=1)
    before = game.hands
    with pytest.raises(ValueError, match="pass"):
        game.apply("pass")  # the leader may not pass
    with pytest.raises(ValueError, match="not all in the hand"):
        game.apply(ddz.action_id("XD") if "XD" not in game.hand(0) else "33334444")
    with pytest.raises(ValueError):
        game.bid(1)  # not the bidding phase
    assert game.hands == before and game.history == []
    game.apply(game.legal_moves()[0])
    assert len(game.history) == 1


def test_game_state_and_observation_agree():
    game = play_random_game(9)
    assert game.winner is not None and sum(game.scores) == 0
    assert game.hand(game.winner) == ""
    game = ddz.Game(seed=9)
    for _ in range(7):
        game.apply(game.legal_moves()[-1])
    obs = game.observation()
    assert obs.seat == game.to_move and obs.hand == game.hand(obs.seat)
    assert obs.legal_moves() == game.legal_moves() and obs.legal_actions() == game.legal_actions()
    assert obs.history == game.history and obs.cards_left == [len(h) for h in game.hands]
    other = game.observation((obs.seat + 1) % 3)
    deck = "".join(rank * 4 for rank in "3456789TJQKA2") + "XD"
    assert ddz.parse_cards(other.unseen + other.hand + "".join(other.played)) == ddz.parse_cards(deck)
    copy = game.copy()
    copy.apply(copy.legal_moves()[0])
    assert len(copy.history) == len(game.history) + 1


def test_from_position_and_from_deal():
    game = ddz.Game.from_position(["33", "44", "5"], landlord=0, to_move=1, beat="3", beat_by=0)
    assert game.legal_moves() == ["4", "pass"]
    dealt = ddz.Game(seed=3)
    again = ddz.Game.from_deal(dealt.deal["hands"], dealt.deal["kitty"])
    assert again.hands == dealt.hands
    with pytest.raises(ValueError):
        ddz.Game.from_deal(dealt.deal["hands"], "333")
