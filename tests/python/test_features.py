# The network encodings as numpy arrays: shapes, agreement between the observation and full-game
# forms, the candidate-move matrix against single moves, and the card thermometer.
import numpy as np
import pytest

import ddz


def test_encodings_have_the_documented_shapes_and_agree():
    game = ddz.Game(seed=21)
    for _ in range(9):
        game.apply(game.legal_moves()[0])
    obs = game.observation()
    state = ddz.encode_state(obs)
    assert state.shape == (ddz.STATE_DIM,) and state.dtype == np.float32
    assert np.array_equal(state, ddz.encode_state(game, obs.seat))
    moves = ddz.encode_moves(obs)
    assert moves.shape == (len(obs.legal_moves()), ddz.MOVE_DIM)
    for row, move in zip(moves, obs.legal_moves()):
        assert np.array_equal(row, ddz.encode_move(move, obs.hand))
    chosen = ddz.encode_moves(obs, [obs.legal_actions()[0], obs.legal_moves()[-1]])
    assert np.array_equal(chosen[0], moves[0]) and np.array_equal(chosen[1], moves[-1])
    value = ddz.encode_value(game)
    # the value input is [state without its history block, the two other hands, history block]
    old = ddz.STATE_DIM - ddz.HISTORY_DIM
    assert value.shape == (ddz.VALUE_DIM,) and ddz.VALUE_DIM == ddz.STATE_DIM + 2 * ddz.CARD_SET_DIM
    assert np.array_equal(value[:old], state[:old])
    assert np.array_equal(value[ddz.VALUE_DIM - ddz.HISTORY_DIM :], state[old:])
    bid = ddz.encode_bid(ddz.Game(seed=21, bidding=True).observation())
    assert bid.shape == (ddz.BID_DIM,)


def test_card_encoding_is_a_thermometer_per_rank():
    v = ddz.encode_cards("333XD")
    assert v.shape == (ddz.CARD_SET_DIM,)
    assert list(v[:4]) == [1, 1, 1, 0] and v[4:52].sum() == 0 and list(v[52:]) == [1, 1]


def test_bad_inputs_name_what_is_wrong():
    obs = ddz.Game(seed=1).observation()
    with pytest.raises(ValueError, match="does not hold"):
        ddz.encode_moves(obs, ["XD"] if "XD" not in obs.hand else ["2222"])
    with pytest.raises(ValueError, match="33Z"):
        ddz.encode_cards("33Z")
