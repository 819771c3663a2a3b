# Agents, solvers and the arena from Python: legal answers, the shipped network, RLCard's step
# interface, parity of ddz.solve/min_plays/arena with the CLI's JSON, bad specs and files.
import threading
import time

import pytest

import ddz
from conftest import PRETRAINED, run_ddz_json


def play_with(agent_specs, seed, bidding=False):
    agents = [ddz.Agent(spec, seed=seed + i) for i, spec in enumerate(agent_specs)]
    game = ddz.Game(seed=seed, bidding=bidding)
    while not game.is_over():
        obs = game.observation()
        agent = agents[obs.seat]
        if game.phase == "bidding":
            game.bid(agent.bid(obs))
        else:
            move = agent.play(obs)
            assert move in obs.legal_moves()
            game.apply(move)
    return game


def test_agents_play_legal_games():
    for specs in [["random"] * 3, ["heuristic", "random", "mcts:sims=20"]]:
        game = play_with(specs, 17, bidding=True)
        assert game.check_consistency() == ""


def test_the_shipped_network_plays_from_its_file_and_by_name():
    assert PRETRAINED.exists(), "models/pretrained/agent.ddz is part of the repository"
    play_with([f"net:{PRETRAINED}", "pretrained-net", "random"], 3)
    agent = ddz.Agent("pretrained:sims=20")
    obs = ddz.Game(seed=3).observation()
    assert agent.play(obs) in obs.legal_moves()


def test_agents_answer_rlcard_steps():
    env = ddz.Env(seed=6, bidding=True)
    agent = ddz.Agent("heuristic")
    assert agent.use_raw is False
    state, _ = env.reset()
    while not env.is_over():
        action = agent.step(state)
        assert action in state["legal_actions"]
        again, info = agent.eval_step(state)
        assert again in state["legal_actions"] and info == {}
        state, _ = env.step(action)


def test_agents_refuse_observations_that_are_not_their_turn():
    game = ddz.Game(seed=1)
    agent = ddz.Agent("random")
    with pytest.raises(ValueError, match="not the seat to move"):
        agent.play(game.observation(1))
    with pytest.raises(ValueError, match="phase"):
        agent.bid(game.observation())
    with pytest.raises(ValueError, match="state"):
        agent.step({"obs": None})


def test_bad_specs_and_files_raise_value_error_naming_them(tmp_path):
    with pytest.raises(ValueError, match="bogus"):
        ddz.Agent("bogus")
    with pytest.raises(ValueError, match="sims"):
        ddz.Agent("mcts:sims=-3")
    missing = tmp_path / "missing.ddz"
    with pytest.raises(ValueError, match="missing.ddz"):
        ddz.Agent(f"net:{missing}")
    corrupt = tmp_path / "corrupt.ddz"
    corrupt.write_bytes(b"not a model")
    with pytest.raises(ValueError, match="corrupt.ddz"):
        ddz.Agent(f"net:{corrupt}")
    with pytest.raises(ValueError, match="bogus"):
        ddz.arena(["random", "bogus"], deals=1)


def test_solve_two_and_three_players_like_the_cli(ddz_binary):
    ours = ddz.solve(hand="2233", other="AAKK", all_wins=True)
    theirs = run_ddz_json("solve", "--hand", "2233", "--other", "AAKK", "--all-wins", "--json", "--threads", 1)
    for key in ["side_to_move_wins", "winner", "winning_moves", "all_winning_moves"]:
        assert ours[key] == theirs[key], key
    assert [list(step) for step in ours["pv"]] == [[s["seat"], s["move"]] for s in theirs["pv"]]
    ours = ddz.solve(landlord="3456789A", farmer1="TJQKA2", farmer2="33", to_move="farmer1", beat="8", beat_by="landlord", all_wins=True)
    theirs = run_ddz_json("solve", "--landlord", "3456789A", "--farmer1", "TJQKA2", "--farmer2", "33", "--to-move", "farmer1",
                          "--beat", "8", "--beat-by", "landlord", "--all-wins", "--json", "--threads", 1)
    for key in ["side_to_move_wins", "winner", "winning_moves"]:
        assert ours[key] == theirs[key], key
    # A budget too small to decide: incomplete, with no answer in it (as `ddz solve` exits 3).
    cut = ddz.solve(hand="3456789TJQKA2", other="3456789TJQ22", max_nodes=1)
    assert cut["complete"] is False and "winner" not in cut
    assert ddz.solve(hand="3456789TJQKA2", other="3456789TJQ22")["complete"] is True


def test_solve_a_game_position_with_seat_numbers():
    # The three-player position above as a game whose landlord sits in seat 1.
    game = ddz.Game.from_position(["33", "3456789A", "TJQKA2"], landlord=1, to_move=2, beat="8", beat_by=1)
    ours = ddz.solve(game, all_wins=True)
    named = ddz.solve(landlord="3456789A", farmer1="TJQKA2", farmer2="33", to_move="farmer1", beat="8",
                      beat_by="landlord", all_wins=True)
    assert ours["winner"] == named["winner"] == "farmers"
    assert ours["winning_moves"] == named["winning_moves"]
    seat_of = {"landlord": 1, "farmer1": 2, "farmer2": 0}
    assert ours["pv"] == [(seat_of[s], m) for s, m in named["pv"]]
    with pytest.raises(ValueError, match="bidding"):
        ddz.solve(ddz.Game(seed=1, bidding=True))
    with pytest.raises(ValueError):
        ddz.solve(game, hand="3", other="4")


def test_long_calls_release_the_gil():
    # While another thread is inside ddz.arena, this thread must keep running Python code.
    done = threading.Event()
    worker = threading.Thread(target=lambda: (ddz.arena(["mcts:sims=30", "heuristic"], deals=10, seed=1), done.set()))
    ticks = 0
    worker.start()
    while not done.is_set() and worker.is_alive():
        ticks += 1
        time.sleep(0.001)
    worker.join()
    assert done.is_set() and ticks >= 20


def test_solve_rejects_bad_positions():
    with pytest.raises(ValueError, match="hand"):
        ddz.solve(hand="33Z", other="4")
    with pytest.raises(ValueError):
        ddz.solve(hand="33", other="44", landlord="5")
    with pytest.raises(ValueError, match="to_move"):
        ddz.solve(landlord="3", farmer1="4", farmer2="5")
    with pytest.raises(ValueError, match="beat_by"):
        ddz.solve(landlord="3", farmer1="4", farmer2="5", to_move="farmer1", beat="6")
    with pytest.raises(ValueError):
        ddz.solve(hand="33333", other="4")


def test_min_plays_like_the_cli(ddz_binary):
    for hand in ["33344455667788", "3456789TJQKA2XD", "3", "33334444XD"]:
        moves = ddz.min_plays(hand)
        assert ddz.parse_cards("".join(moves)) == ddz.parse_cards(hand)
        assert all(ddz.classify(m) for m in moves)
        assert len(moves) == run_ddz_json("minplays", hand, "--json")["plays"]


def test_arena_returns_the_figures_of_the_cli(ddz_binary):
    ours = ddz.arena(["heuristic", "random"], deals=30, seed=7, threads=2, cpu_times=False)
    theirs = run_ddz_json("arena", "--agents", "heuristic,random", "--deals", 30, "--seed", 7, "--threads", 2,
                          "--no-cpu-times", "--json")
    for result in (ours, theirs):
        result.pop("seconds")
    assert ours == theirs
    assert ours["games"] == 60
