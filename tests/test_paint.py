"""Issue 38: the record static/paint.js draws before Python is ready is the Python view's
drawing (klondike/app/paint.py), and the looks are decided in one place. A first visit
draws one of a few fresh deals, each of which can be won."""

from __future__ import annotations

import json

from klondike import CARDS, Game, GameCode
from klondike.app.paint import (
    BODY_CLASSES,
    FAILED,
    FIRST_DEALS,
    LOADING,
    RETRY,
    ROOT_CLASSES,
    SLOW,
    WAITING,
    card_class,
    first_visit,
    looks,
    painting,
    text_key,
)
from klondike.app.storage import Settings
from klondike.app.view import layout
from klondike.solution import WON
from klondike.solver import solve


def test_the_record_holds_every_card_where_the_view_put_it():
    game = Game.from_code("KL1-D3N-AAAAAAG")
    for move in ("S", "S", "S"):
        game.play(move)
    drawn = layout(game, height=9.0, left_handed=True)
    record = json.loads(painting(drawn, Settings(left_handed=True), "wait", labels=str.upper,
                                 loading="load"))
    assert record["v"] == 1 and record["waiting"] == "wait" and record["loading"] == "load"
    assert [entry[0] for entry in record["cards"]] == [str(card) for card in CARDS]
    for entry, place in zip(record["cards"], drawn.places, strict=True):
        text, cls, rank, suit, pip, x, y, z, face_up, label = entry
        assert cls == card_class(place.card)
        assert (x, y, z, face_up) == (round(place.x, 4), round(place.y, 4), place.z,
                                      place.face_up)
        assert label == place.label.upper()  # translated by the page's function
    assert record["slots"]["stock"] == [round(v, 4) for v in drawn.slots["stock"]]
    assert record["height"] == round(drawn.height, 4)
    face_down = [entry for entry in record["cards"] if not entry[8]]
    assert face_down and {entry[9] for entry in face_down} == {"FACE-DOWN CARD"}


def test_court_cards_and_tens_carry_their_rank():
    by_text = {str(card): card for card in CARDS}
    assert card_class(by_text["Kh"]) == "card s-h red court r-K"
    assert card_class(by_text["Tc"]) == "card s-c"
    record = json.loads(painting(layout(Game.from_code("KL1-D1N-AAAAAAG")), Settings(), ""))
    ten = next(entry for entry in record["cards"] if entry[0] == "Tc")
    assert ten[2:5] == ["10", "♣", "♣"]


def test_looks_follow_the_settings_and_only_known_classes():
    assert looks(Settings()) == (["back-lattice"], ["table-green", "cards-normal"])
    body, root = looks(Settings(four_colour=True, animation="off", large_index=True,
                                back="waves", table="dark", left_handed=True,
                                card_size="large"))
    assert body == ["four-colour", "animation-off", "large-index", "left-handed", "back-waves"]
    assert root == ["table-dark", "cards-large"]
    assert looks(Settings(animation="fast"))[0] == ["animation-fast", "back-lattice"]
    for settings in (Settings(), Settings(back="dots", table="blue", four_colour=True)):
        body, root = looks(settings)
        assert set(body) <= set(BODY_CLASSES) and set(root) <= set(ROOT_CLASSES)


def test_a_first_visit_carries_each_first_deal_as_the_view_draws_it_fresh():
    def upper(text, context):
        return (f"{context}:" if context else "") + text.upper()

    page = [("New game", None), ("Stock", None), ("New game", None), ("Draw", "pile")]
    data = json.loads(first_visit({"pl": upper, "cs": lambda text, context: text}, page))
    assert data["v"] == 1 and [deal["code"] for deal in data["deals"]] == list(FIRST_DEALS)
    for deal in data["deals"]:
        code = deal.pop("code")
        want = json.loads(painting(layout(Game.from_code(code)), Settings(), WAITING))
        del want["lang"], want["texts"], want["failed"], want["retry"], want["slow"]
        assert deal == want  # the default looks, English texts, no size of a window
        assert sum(entry[8] for entry in deal["cards"]) == 7  # a fresh deal: 7 face up
    names = {entry[9] for deal in data["deals"] for entry in deal["cards"]}
    assert "face-down card" in names and len(names) > 8
    assert set(data["languages"]) == {"pl", "cs"}
    polish = data["languages"]["pl"]
    assert polish["waiting"] == WAITING.upper() and polish["loading"] == LOADING.upper()
    assert polish["failed"] == FAILED.upper() and polish["retry"] == RETRY.upper()
    assert polish["slow"] == SLOW.upper()
    assert polish["labels"] == {name: name.upper() for name in names}
    assert polish["texts"] == {"New game": "NEW GAME", "Stock": "STOCK",
                               text_key("Draw", "pile"): "pile:DRAW"}
    assert text_key("Draw", "pile") == "pile\x04Draw" and text_key("Draw") == "Draw"


def test_the_record_carries_the_page_s_language_and_texts():
    drawn = layout(Game.from_code("KL1-D1N-AAAAAAG"))
    record = json.loads(painting(drawn, Settings(), "", language="vi",
                                 texts={"Undo": "Hoàn tác"}))
    assert record["lang"] == "vi" and record["texts"] == {"Undo": "Hoàn tác"}
    record = json.loads(painting(drawn, Settings(), ""))
    assert record["lang"] == "en" and record["texts"] == {}
    # What static/boot.js says where the game cannot start, in the player's language.
    assert (record["failed"], record["retry"], record["slow"]) == (FAILED, RETRY, SLOW)
    record = json.loads(painting(drawn, Settings(), "", failed="Nie", retry="Jeszcze raz"))
    assert (record["failed"], record["retry"]) == ("Nie", "Jeszcze raz")


def test_every_first_deal_fits_the_default_settings_and_can_be_won():
    settings = Settings()
    assert len(set(FIRST_DEALS)) == len(FIRST_DEALS) >= 4
    for code in FIRST_DEALS:
        parsed = GameCode.parse(code)
        assert str(parsed) == code
        assert (parsed.draw, parsed.scoring) == (settings.draw, settings.scoring)
        solution = solve(Game.from_code(code), 5000)
        assert solution.result == WON, code
        game = Game.from_code(code)
        for move in solution.moves:
            game.play(move)
        assert game.is_won
