"""Issue 38: the record static/paint.js draws before Python is ready is the Python view's
drawing (klondike/app/paint.py), and the looks are decided in one place."""

from __future__ import annotations

import json

from klondike import CARDS, Game
from klondike.app.paint import BODY_CLASSES, ROOT_CLASSES, card_class, looks, painting
from klondike.app.storage import Settings
from klondike.app.view import layout


def test_the_record_holds_every_card_where_the_view_put_it():
    game = Game.from_code("KL1-D3N-AAAAAAG")
    for move in ("S", "S", "S"):
        game.play(move)
    drawn = layout(game, height=9.0, left_handed=True)
    record = json.loads(painting(drawn, Settings(left_handed=True), "wait", labels=str.upper))
    assert record["v"] == 1 and record["waiting"] == "wait"
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
