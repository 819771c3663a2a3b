# Bad input from Python raises an exception that names it (ValueError for bad values, TypeError
# for wrong types), never a crash of the interpreter.
import numpy as np
import pytest

import ddz


@pytest.mark.parametrize("call, match", [
    (lambda: ddz.parse_cards("33Z"), "33Z"),
    (lambda: ddz.parse_cards("33333"), "33333"),
    (lambda: ddz.classify("3Y"), "3Y"),
    (lambda: ddz.legal_moves("33", "3345"), "3345"),
    (lambda: ddz.legal_moves("3W"), "3W"),
    (lambda: ddz.action_id("3345"), "3345"),
    (lambda: ddz.action_cards(27472), "27472"),
    (lambda: ddz.action_cards(-1), "-1"),
    (lambda: ddz.cards_from_ids([0, 0]), "0"),
    (lambda: ddz.cards_from_ids([54]), "54"),
    (lambda: ddz.Game(landlord=3), "seat 3"),
    (lambda: ddz.Game(seed=1).hand(5), "seat 5"),
    (lambda: ddz.Game(seed=1).apply("3Z"), "3Z"),
    (lambda: ddz.Game.from_position(["3", "4"], 0, 0), "3 hands"),
    (lambda: ddz.Env(payoff="money"), "money"),
    (lambda: ddz.Agent("mcts:bogus=1"), "bogus"),
    (lambda: ddz.min_plays("XX"), "XX"),
    (lambda: ddz.arena(["random"]), "two"),
])
def test_bad_values_raise_value_error(call, match):
    with pytest.raises(ValueError, match=match):
        call()


def test_wrong_types_raise_type_error():
    with pytest.raises(TypeError):
        ddz.legal_moves("33", 3.5)
    with pytest.raises(TypeError):
        ddz.Game(seed=1).apply(True)
    with pytest.raises(TypeError):
        ddz.action_cards("33")
    with pytest.raises(TypeError):
        ddz.Game(seed=None)


# The inputs that passed silently or failed in pybind11's own words before: each now raises
# ValueError or TypeError naming the argument.
@pytest.mark.parametrize("call, error, match", [
    (lambda: following_game().apply(None), TypeError, "move.*None"),
    (lambda: started_env().step(2**64), ValueError, "action.*18446744073709551616"),
    (lambda: started_env().step(-1), ValueError, "action.*-1"),
    (lambda: started_env().step(3.0), TypeError, "action.*float"),
    (lambda: started_env().step("33"), TypeError, "action.*str"),
    (lambda: started_env().step(np.float64(3)), TypeError, "action.*float64"),
    (lambda: started_env().step(np.array([3, 4])), TypeError, "action.*ndarray"),
    (lambda: started_env().step(np.bool_(True)), TypeError, "action.*bool"),
    (lambda: started_env().step(5, raw_action=True), TypeError, "raw_action.*int"),
    (lambda: ddz.Env(seed=-1), ValueError, "seed.*-1"),
    (lambda: ddz.Env(seed=2**64), ValueError, "seed.*18446744073709551616"),
    (lambda: ddz.Env(seed="1"), TypeError, "seed.*str"),
    (lambda: ddz.Game(seed=2**70), ValueError, "seed.*1180591620717411303424"),
    (lambda: ddz.Game(seed=-5), ValueError, "seed.*-5"),
    (lambda: ddz.Game(seed=1.5), TypeError, "seed.*float"),
    (lambda: ddz.VecEnv(2, seed=-1), ValueError, "seed.*-1"),
    (lambda: ddz.Agent("random", seed=-1), ValueError, "seed.*-1"),
    (lambda: started_vec().step(np.array([0.7, 0.7])), TypeError, "actions.*float64"),
    (lambda: started_vec().step(np.array([True, False])), TypeError, "actions.*bool"),
    (lambda: started_vec().step(["3", "4"]), TypeError, "actions"),
    (lambda: ddz.action_cards(np.float32(1)), TypeError, "action_cards.*float32"),
    (lambda: ddz.action_cards(2**80), ValueError, "action_cards.*1208925819614629174706176"),
    (lambda: ddz.Env(config={"seed": 1, "bogus": 2}), ValueError, "bogus"),
    (lambda: ddz.Env(config={"allow_step_back": 1}), TypeError, "allow_step_back"),
    (lambda: ddz.Env(config=[("seed", 1)]), TypeError, "config must be a dict"),
    (lambda: ddz.Env(seed=3, config={"seed": 1}), ValueError, "not both"),
    (lambda: ddz.Env(compat="gym"), ValueError, "compat.*gym"),
    (lambda: ddz.Env(compat="rlcard", bidding=True), ValueError, "bidding"),
    (lambda: ddz.make("leduc-holdem"), ValueError, "leduc-holdem"),
    (lambda: ddz.Env().step_back(), ValueError, "allow_step_back"),
    (lambda: ddz.Env().set_agents([object()] * 3), TypeError, "agent 0"),
    (lambda: ddz.Env().set_agents([ddz.Agent("random")] * 2), ValueError, "3 agents"),
    (lambda: started_env().get_action_feature(ddz.NUM_ACTIONS), ValueError, "action.*27472"),
])
def test_bad_inputs_of_the_issue_name_the_argument(call, error, match):
    with pytest.raises(error, match=match):
        call()


def following_game():
    game = ddz.Game(seed=1)
    game.apply(game.legal_moves()[0])
    return game


def started_env():
    env = ddz.Env(seed=1)
    env.reset()
    return env


def started_vec():
    vec = ddz.VecEnv(2, seed=1)
    vec.reset()
    return vec


def test_a_refused_step_changes_nothing():
    env = started_env()
    for bad in [2**64, 3.0, None, np.float64(1)]:
        with pytest.raises((TypeError, ValueError)):
            env.step(bad)
    assert env.game.history == [] and env.timestep == 0


@pytest.mark.parametrize("kind", [int, np.int64, np.int32, np.uint16, lambda i: np.array(i)])
def test_numpy_integers_are_action_ids_everywhere(kind):
    env = ddz.Env(seed=6)
    state, _ = env.reset()
    action = list(state["legal_actions"])[2]
    assert ddz.action_cards(kind(action)) == ddz.action_cards(action)
    env.step(kind(action))
    assert env.game.history == [(0, ddz.action_cards(action))]
    game = ddz.Game(seed=6)
    game.apply(kind(action))
    assert game.history == env.game.history
    assert ddz.beats(kind(ddz.action_id("2")), kind(ddz.action_id("A")))
    assert ddz.legal_actions("3344556", beat=kind(ddz.action_id("44"))) == [ddz.action_id("55"), ddz.PASS]
    assert np.array_equal(ddz.encode_move(kind(ddz.action_id("33")), "3345"), ddz.encode_move("33", "3345"))
    assert ddz.Game(seed=kind(6)).deal == ddz.Game(seed=6).deal
    assert ddz.Env(seed=kind(6)).reset()[0]["raw_obs"] == ddz.Env(seed=6).reset()[0]["raw_obs"]
    vec = ddz.VecEnv(1, seed=kind(6))
    batch = vec.reset()
    vec.step(np.array([batch["legal_actions"][0]], dtype=np.int32))
