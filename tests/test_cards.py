"""klondike/cards.py: the 52 cards (SPEC R1.1), their text form and names, and the lookup
tables the move generation and the solver index by card."""

import pytest

from klondike.cards import CARDS, KING, RANK_OF, RED, SUIT_OF, Card


def test_R1_1_card_i_has_suit_i_div_13_and_rank_i_mod_13_plus_1():
    assert len(CARDS) == 52
    assert " ".join(map(str, CARDS[:13])) == "As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks"
    assert [str(CARDS[13 * s]) for s in range(4)] == ["As", "Ah", "Ad", "Ac"]
    for i, card in enumerate(CARDS):
        assert card == i and isinstance(card, Card)
        assert card.rank == i % 13 + 1 == RANK_OF[i]
        assert card.suit_index == i // 13 == SUIT_OF[i]
        assert card.suit == "shdc"[i // 13]
    assert str(CARDS[-1]) == "Kc" and CARDS[-1].rank == KING == 13


def test_R1_1_every_card_reads_back_from_its_text_as_the_same_object():
    assert len({str(c) for c in CARDS}) == 52
    for card in CARDS:
        text = str(card)
        assert Card.from_text(text) is card
        assert Card.from_text(text.lower()) is card
        assert Card.from_text(text[0].lower() + text[1].upper()) is card
        assert repr(card) == f"Card({text!r})"


@pytest.mark.parametrize("text, card", [
    ("10s", "Ts"), ("10H", "Th"), (" td ", "Td"), ("qh\n", "Qh"), ("aC", "Ac"),
])
def test_R1_1_ten_may_be_written_10_and_case_and_surrounding_spaces_do_not_matter(text, card):
    assert Card.from_text(text) is Card.from_text(card)
    assert str(Card.from_text(text)) == card


@pytest.mark.parametrize("text", ["", " ", "T", "10", "1s", "0s", "11s", "Tx", "Zs", "Tss",
                                  "sT", "K s", "T\u2660", "10\u2665"])
def test_R1_1_text_that_is_no_card_is_a_value_error_naming_it(text):
    with pytest.raises(ValueError) as refused:
        Card.from_text(text)
    assert f"not a card: {text!r}" in str(refused.value)
    assert "A23456789TJQK" in str(refused.value) and "shdc" in str(refused.value)


def test_R1_hearts_and_diamonds_are_red_spades_and_clubs_black():
    for card in CARDS:
        assert card.is_red == (card.suit in "hd") == RED[card]
    assert [Card.from_text(t).is_red for t in ("7s", "7h", "7d", "7c")] == [
        False, True, True, False]


def test_R2_5_the_foundation_order_is_spades_hearts_diamonds_clubs():
    assert [Card.from_text(f"A{s}").suit_index for s in "shdc"] == [0, 1, 2, 3]
    # The int order is suit first, then rank: a foundation's cards sort in build order.
    hearts = sorted(Card.from_text(t) for t in ("Kh", "Ah", "Th", "2h"))
    assert [str(c) for c in hearts] == ["Ah", "2h", "Th", "Kh"]
    assert Card.from_text("Ks") < Card.from_text("Ah")


@pytest.mark.parametrize("text, name, symbol", [
    ("As", "ace of spades", "A\u2660"),
    ("7h", "7 of hearts", "7\u2665"),
    ("Td", "10 of diamonds", "10\u2666"),
    ("Jc", "jack of clubs", "J\u2663"),
    ("Qh", "queen of hearts", "Q\u2665"),
    ("Ks", "king of spades", "K\u2660"),
])
def test_names_and_symbols_spell_the_rank_in_full_and_show_the_suit(text, name, symbol):
    card = Card.from_text(text)
    assert card.name == name
    assert card.symbol == symbol


def test_every_card_has_a_name_and_a_symbol_of_its_own():
    assert len({c.name for c in CARDS}) == 52
    assert len({c.symbol for c in CARDS}) == 52


def test_cards_index_tables_as_ints():
    table = [str(c) for c in CARDS]
    assert table[Card.from_text("Th")] == "Th"
    assert Card.from_text("2s") + 1 == Card.from_text("3s")  # a card is its index
