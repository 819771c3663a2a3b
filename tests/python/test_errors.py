# Bad input from Python raises an exception that names it (ValueError for bad values, TypeError
# for wrong types), never a crash of the interpreter.
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
        ddz.Game(seed=-1)
