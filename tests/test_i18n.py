"""Four languages (en, pl, vi, cs): complete catalogs for every message the app shows, .mo
files the browser can load, and core messages made in the language in use."""

import gettext
import io
import json
import shutil
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import write_po

from klondike import BadCode, BadSave, Game, GameCode, IllegalMove
from klondike.app.help import rules_help
from klondike.app.stats import Statistics
from klondike.cards import CARDS
from klondike.i18n import (
    LANGUAGE_NAMES,
    LANGUAGES,
    _,
    choose_language,
    install,
    language_choices,
    pgettext,
    translations_from_mo,
)
from klondike.position import BadPosition, read
from tests.test_position import WASTE_3

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
# isort: off
import build  # noqa: E402
import i18n as catalogs  # noqa: E402  (tools/i18n.py)
# isort: on

TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]


@pytest.fixture(scope="module")
def template():
    """The messages of the sources as they are now (a fresh extraction, not the .pot)."""
    return catalogs.extract()


def catalog(lang: str, root: Path = ROOT) -> Catalog:
    return catalogs.read_catalog(catalogs.po_path(lang, root))


def compiled(lang: str) -> gettext.GNUTranslations:
    """The language's catalog as the build compiles it (Babel's write_mo), loaded the way
    the browser loads it."""
    mo = io.BytesIO()
    write_mo(mo, catalog(lang))
    return translations_from_mo(mo.getvalue())


@pytest.fixture
def speak():
    """Install a language for one test; English again afterwards, whatever happens."""
    def use(lang):
        install(compiled(lang))
    yield use
    install(None)


def test_catalogs_exist_for_every_language_but_english():
    assert set(TRANSLATED) == set(catalogs.LANGUAGES) == {"pl", "vi", "cs"}
    assert set(LANGUAGE_NAMES) == set(LANGUAGES)
    for lang in TRANSLATED:
        text = catalogs.po_path(lang).read_text(encoding="utf-8")
        assert f'"Language: {lang}\\n"' in text and "Plural-Forms: nplurals=" in text
        assert catalog(lang).charset == "utf-8" and str(catalog(lang).locale) == lang


def msgids(messages) -> set[str]:
    """The English texts of messages (a plural message's singular)."""
    return {m.id[0] if m.pluralizable else m.id for m in messages if m.id}


def test_extraction_finds_the_core_the_glue_and_the_page(template):
    msgids_ = msgids(template)
    assert "The {card} can go only on a {colour} {rank}, not on the {top}" in msgids_  # game
    assert "unknown scoring letter {letter} (use N, S, V or X)" in msgids_  # codes, R7
    assert "That card cannot go there" in msgids_  # gestures
    assert "Undone: {move}" in msgids_  # klondike/app/table.py
    assert {"Spades foundation", "Column 7", "No useful move is left.", "Start"} <= msgids_
    assert {c.name for c in CARDS} <= msgids_  # the 52 names, each its own message
    assert {"ace", "king", "spades", "red", "black", "face-down card"} <= msgids_
    assert {"Normal", "Standard", "Vegas", "None"} <= msgids_  # NC_ in scoring.py
    # One English word, two messages: the scoring (scoring.py and the page's choices, which
    # tools/build.py marks with data-i18n-context) and the animation speed (the page).
    normal = {m.context: m for m in template if m.id == "Normal"}
    assert set(normal) == {"scoring", "animation speed"}
    assert {path for path, _line in normal["scoring"].locations} == {
        "index.html", "klondike/scoring.py"}
    assert {path for path, _line in normal["animation speed"].locations} == {"index.html"}
    plural = [m for m in template if m.id and m.pluralizable]
    assert plural and all(m.string == ("", "") for m in plural)
    # Each # Translators: comment reaches the message below it, and only that one.
    for word in ("red", "black"):
        comments = template[word].auto_comments
        assert comments[0].startswith("Translators: the colour a card needs"), word
    assert template["Undone: {move}"].auto_comments == []
    # A button's text carries a note that it is one (the check keeps Polish and Czech short).
    assert template["Undo"].auto_comments == [catalogs.BUTTON_NOTE]  # index.html
    assert template["Play again"].auto_comments == [catalogs.BUTTON_NOTE]  # made in Python


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated_with_the_same_placeholders(lang, template):
    # Re-extracted now: a new _("...") anywhere fails here until every catalog has it
    # (python3 tools/i18n.py extract, translate, python3 tools/i18n.py check).
    assert catalogs.problems(template, catalog(lang)) == []


def test_the_check_counts_missing_empty_fuzzy_and_misplaced_translations_as_problems():
    template = Catalog()
    for msgid in ("Column {column} is empty", "Undo", "Stock", "Waste", "{n} card"):
        template.add(msgid if msgid != "{n} card" else (msgid, "{n} cards"))
    polish = Catalog(locale="pl")
    polish.add("Column {column} is empty", "Kolumna {kolumna} jest pusta")
    polish.add("Undo", "")
    polish.add("Stock", "Stos dobierania", flags=["fuzzy"])
    polish.add(("{n} card", "{n} cards"), ("{n} karta", "{n} karty"))
    found = catalogs.problems(template, polish)
    assert found[0] == ("pl: placeholders ['kolumna'] instead of ['column']: "
                        "'Column {column} is empty'")
    assert found[1:4] == [f"pl: not translated: {m!r}" for m in ("Undo", "Stock", "Waste")]
    assert found[4:] == ["pl: needs 3 plural forms: '{n} card'"]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_catalog_follows_what_its_glossary_asks_a_machine_to_check(lang, template):
    """docs/glossary-<lang>.md: its refused words, button labels short enough, buttons and
    settings named in sentences by their labels (tools/i18n.py check)."""
    refused = catalogs.refused_words(catalogs.glossary_path(lang).read_text(encoding="utf-8"))
    assert len(refused) >= 5  # the table was read
    assert catalogs.style_problems(template, catalog(lang), refused) == []


GLOSSARY = """# Czech glossary

## Terms

| English | Czech |
|---|---|
| `winnable` | not a rule: another section |

## Refused by the check

| pattern | write instead |
|---|---|
| `(?i)vyhratel` | řešitelný |
| `\\b[Vv]aš` | tvůj, tvoje |
| `\\b\\w{2,}te\\b` | the ty-form: zkus, vypni |

## After
| `ignored` | also not a rule |
"""


def small_template(*messages) -> Catalog:
    """A template of (msgid, notes) as tools/i18n.py extract makes them."""
    template = Catalog()
    for msgid, notes in messages:
        template.add(msgid, auto_comments=notes)
    return template


def test_the_check_refuses_the_glossarys_words_and_nothing_else():
    refused = catalogs.refused_words(GLOSSARY)
    assert [p.pattern for p, _instead in refused] == ["(?i)vyhratel", r"\b[Vv]aš", r"\b\w{2,}te\b"]
    template = small_template(("Try again.", []), ("Your settings", []), ("Winnable", []),
                              ("Click to copy", []), ("Stock", []))
    czech = Catalog(locale="cs")
    czech.add("Try again.", "Zkuste to znovu.")  # the formal vy
    czech.add("Your settings", "Vaše nastavení")
    czech.add("Winnable", "Vyhratelné")
    czech.add("Click to copy", "Kliknutím zkopírujete")
    czech.add("Stock", "Balíček")
    found = catalogs.style_problems(template, czech, refused)
    assert [f.split(": ")[-1] for f in found] == [
        "'Try again.'", "'Your settings'", "'Winnable'", "'Click to copy'"]
    assert found[0].startswith(r"cs: '\\b\\w{2,}te\\b' is refused by the glossary (write the ty")
    informal = Catalog(locale="cs")
    for msgid, text in (("Try again.", "Zkus to znovu."), ("Your settings", "Tvoje nastavení"),
                        ("Winnable", "Lze vyhrát"), ("Click to copy", "Kliknutím zkopíruješ"),
                        ("Stock", "Balíček")):
        informal.add(msgid, text)
    assert catalogs.style_problems(template, informal, refused) == []


def test_the_check_keeps_polish_and_czech_button_labels_short():
    button = [catalogs.BUTTON_NOTE]
    template = small_template(("Restart this deal", button), ("Hint", button),
                              ("Deal it again now", []))
    polish = Catalog(locale="pl")
    polish.add("Restart this deal", "Zacznij to rozdanie od nowa")  # 27 > 17 + 6 > 1.3 x 17
    polish.add("Hint", "Podpowiedź")  # a short label may be 6 characters longer
    polish.add("Deal it again now", "Zacznij to rozdanie od nowa teraz")  # no button
    assert catalogs.style_problems(template, polish, []) == [
        "pl: a button's label of 27 characters, at most 23 fit: 'Restart this deal'"]
    polish["Restart this deal"].string = "Zacznij od nowa"
    assert catalogs.style_problems(template, polish, []) == []
    vietnamese = Catalog(locale="vi")  # no limit: Vietnamese words are short
    vietnamese.add("Restart this deal", "Chơi lại ván này từ đầu một lần nữa")
    vietnamese.add("Hint", "Gợi ý")
    vietnamese.add("Deal it again now", "Chơi lại ván này ngay")
    assert catalogs.style_problems(template, vietnamese, []) == []


def test_the_check_wants_buttons_and_settings_named_by_their_labels():
    template = small_template(
        ("Finish game", [catalogs.BUTTON_NOTE]), ("Play it", [catalogs.BUTTON_NOTE]),
        ("Play it for me", [catalogs.BUTTON_NOTE]),
        ("Winnable deals only (the solver proves it)", [catalogs.SETTING_NOTE]),
        ("Once every card is face up, Finish game plays the rest.", []),
        ("Play it for me: paused", []), ("Try again, or turn off Winnable deals only.", []),
        ("You can finish game after game.", []))  # "finish game" here is no name
    vietnamese = Catalog(locale="vi")
    for msgid, text in (
            ("Finish game", "Hoàn thành ván"), ("Play it", "Bắt đầu"),
            ("Play it for me", "Chơi giúp tôi"),
            ("Winnable deals only (the solver proves it)", "Chỉ chia ván thắng được (…)"),
            ("Once every card is face up, Finish game plays the rest.",
             "Khi mọi lá đều ngửa, nút Kết thúc ván đưa các lá còn lại lên."),
            ("Play it for me: paused", "Chơi giúp tôi: đã tạm dừng"),
            ("Try again, or turn off Winnable deals only.",
             "Hãy thử lại, hoặc tắt chỉ chia ván thắng được."),  # any letter case
            ("You can finish game after game.", "Bạn có thể chơi hết ván này đến ván khác.")):
        vietnamese.add(msgid, text)
    assert catalogs.style_problems(template, vietnamese, []) == [
        "vi: names 'Finish game' otherwise than its label 'Hoàn thành ván': "
        "'Once every card is face up, Finish game plays the rest.'"]


def test_extract_keeps_translations_adds_new_messages_and_keeps_dropped_ones_as_obsolete(
        tmp_path):
    """tools/i18n.py extract on a small tree: pybabel extract, then pybabel update."""
    shutil.copy(ROOT / "babel.cfg", tmp_path)
    (tmp_path / "klondike").mkdir()
    (tmp_path / "klondike" / "moves.py").write_text(
        '_("Undo")\n# Translators: a count of cards\nngettext("{n} card", "{n} cards", n)\n')
    (tmp_path / "index.html").write_text('<p>\n<button data-i18n>\n Hint </button>')
    old = Catalog(locale="pl")
    old.add("Undo", "Cofnij", user_comments=["checked"])
    old.add("Gone", "Nie ma")
    (tmp_path / "locale").mkdir()
    with catalogs.po_path("pl", tmp_path).open("wb") as f:
        write_po(f, old)
    catalogs.run_extract(tmp_path)
    polish = catalog("pl", tmp_path)
    assert polish["Undo"].string == "Cofnij" and polish["Undo"].user_comments == ["checked"]
    assert polish["Undo"].locations == [("klondike/moves.py", 1)]
    assert polish["{n} card"].string == ("", "", "")  # Polish has three forms
    assert polish["{n} card"].auto_comments == ["Translators: a count of cards"]
    assert polish["Hint"].locations == [("index.html", 2)]
    assert polish.obsolete["Gone"].string == "Nie ma"
    assert str(catalog("cs", tmp_path).locale) == "cs"  # a missing catalog is made
    assert msgids(catalogs.read_catalog(tmp_path / "locale" / "klondike.pot")) == {
        "Undo", "{n} card", "Hint"}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_compiled_mo_loads_with_gnutranslations_and_translates(lang, tmp_path):
    shutil.copytree(ROOT / "locale", tmp_path / "locale")
    written = catalogs.run_compile(tmp_path, quiet=True)
    mo = tmp_path / "static" / "locale" / f"{lang}.mo"
    assert mo in written
    with mo.open("rb") as f:
        translations = gettext.GNUTranslations(f)
    expected = {"pl": "Nowa gra", "vi": "Ván mới", "cs": "Nová hra"}[lang]
    assert translations.gettext("New game") == expected
    assert translations.gettext("not a message") == "not a message"
    assert translations.info()["language"] == lang
    one, many = (translations.ngettext("In {scoring} scoring the stock can be gone through "
                                       "only once.", "In {scoring} scoring the stock can be "
                                       "gone through {passes} times.", n) for n in (1, 5))
    assert "{scoring}" in one and "{passes}" in many


def test_polish_and_czech_have_three_plural_forms_vietnamese_one():
    for lang, forms in (("pl", [0, 1, 2, 1, 2]), ("cs", [0, 1, 2, 2, 2]), ("vi", [0] * 5)):
        translations = compiled(lang)
        assert [translations.plural(n) for n in (1, 3, 5, 22, 25)] == forms, lang


# The languages' gettext plural rules (the GNU gettext manual's), which the catalogs had
# before Babel wrote them.
PLURAL_RULES = {
    "pl": "n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2",
    "cs": "(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2",
    "vi": "0",
}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_plural_message_takes_the_languages_form_for_every_count(lang):
    rule = gettext.c2py(PLURAL_RULES[lang])
    translations = compiled(lang)
    plural = [m for m in catalog(lang) if m.id and m.pluralizable]
    assert plural
    for n in range(0, 31):
        assert translations.plural(n) == rule(n), n
        for m in plural:
            assert translations.ngettext(*m.id, n) == m.string[rule(n)]


def test_a_message_context_gives_one_english_word_its_own_translation_in_each_use(speak):
    """"Normal" is the Polish app's scoring ("punktacja Normal") and an animation speed
    ("Normalna"): the compiled catalog, as the browser loads it, tells them apart."""
    for lang, scoring, speed in (("pl", "Normal", "Normalna"), ("vi", "Thường", "Bình thường"),
                                 ("cs", "Normální", "Normální")):
        speak(lang)
        assert pgettext("scoring", "Normal") == scoring, lang
        assert pgettext("animation speed", "Normal") == speed, lang
    speak("pl")
    assert rules_help("N")[-1].title == "Punktacja: Normal"  # the help names the scoring so
    assert _("Normal") == "Normal"  # no context, no such message: English


@pytest.mark.parametrize("waste, polish", [("QdTcQs|", "0 kart"), ("Qd|TcQs", "2 karty"),
                                           ("|QdTcQs", "3 karty")])
def test_the_count_of_fanned_cards_takes_the_polish_form_for_the_number(speak, waste, polish):
    speak("pl")
    with pytest.raises(BadPosition) as refused:
        read(WASTE_3.replace("D3N", "D1N").replace("|QdTcQs", waste))
    assert f"rozkłada {polish} po znaku" in str(refused.value)


def test_install_switches_an_illegal_move_message_into_polish(speak):
    game = Game.from_code("KL1-D1N-AAAAAAG")
    with pytest.raises(IllegalMove) as english:
        game.play("T1>T2")
    speak("pl")
    with pytest.raises(IllegalMove) as polish:
        game.play("T1>T2")
    assert str(english.value) == (
        "No card of column 1 fits on the jack of clubs: it needs a red 10")
    assert str(polish.value) == (
        "Żadna karta z kolumny 1 nie pasuje na kartę walet trefl: można na nią położyć tylko "
        "czerwoną kartę o randze 10")
    install(None)
    with pytest.raises(IllegalMove) as again:
        game.play("T1>T2")
    assert str(again.value) == str(english.value)  # back to English, unchanged
    assert str(polish.value).startswith("Żadna")  # a message keeps the language it was made in


def test_R7_code_and_save_messages_follow_the_language(speak):
    speak("cs")
    with pytest.raises(BadCode, match="neznámé písmeno bodování 'Q'"):
        GameCode.parse("KL1-D1Q-AAAAAAG")
    with pytest.raises(BadSave, match="Uložená hra je poškozená"):
        Game.from_json("{")
    speak("vi")
    with pytest.raises(IllegalMove, match="Chồng đích cơ đang trống"):
        Game.from_code("KL1-D1N-AAAAAAG").play("Fh>T1")


def test_card_names_are_52_different_words_in_every_language(speak):
    for lang in TRANSLATED:
        speak(lang)
        names = {_(card.name) for card in CARDS}
        assert len(names) == 52, lang
    speak("cs")
    assert _(CARDS[13 + 6].name) == "srdcová sedmička"  # 7 of hearts
    assert _(CARDS[0].name) == "pikové eso"


def test_help_and_statistics_speak_the_language_in_use(speak):
    speak("pl")
    assert rules_help("V")[0].title == "Cel gry"
    assert rules_help("V")[-1].table[0] == ("Początek gry", "-$52")
    assert Statistics().summary_rows("D1N")[0] == ("Rozegrane", "0")
    speak("cs")
    stats = Statistics()
    stats.record_win("D1N", 60, 100, 700)
    assert dict(stats.summary_rows("D1N"))["Úspěšnost"] == "100\u00a0%"


@pytest.mark.parametrize("languages, override, chosen", [
    (["cs-CZ", "en"], "", "cs"),
    (["en-US", "pl"], "", "en"),
    (["de-DE", "pl-PL"], "", "pl"),
    (["VI"], "", "vi"),
    (["de", "fr"], "", "en"),
    ([], "", "en"),
    (None, "", "en"),
    (["pl-PL"], "vi", "vi"),  # the player's choice wins
    (["pl-PL"], "xx", "pl"),  # an unknown choice is ignored
])
def test_choose_language_from_the_browser_list_or_the_players_choice(languages, override,
                                                                     chosen):
    assert choose_language(languages, override) == chosen


def test_language_setting_offers_the_browser_language_and_each_language_in_its_own_words(
        speak):
    speak("cs")
    assert language_choices() == [("", "Automaticky (jazyk prohlížeče)"), ("en", "English"),
                                  ("pl", "Polski"), ("vi", "Tiếng Việt"), ("cs", "Čeština")]


def test_bytes_that_are_not_a_catalog_are_refused_clearly():
    for data in (b"", b"not a catalog at all", b"\xde\x12\x04\x95\0\0"):
        with pytest.raises(ValueError, match="not a readable .mo catalog"):
            translations_from_mo(data)


def test_the_build_compiles_the_catalogs_and_precaches_them(tmp_path):
    assert ".mo" in build.APP_SUFFIXES and "static/locale" in build.APP_DIRS
    (tmp_path / "static" / "locale").mkdir(parents=True)
    (tmp_path / "static" / "locale" / "pl.mo").write_bytes(b"mo")
    for name in ("index.html", "pyscript.toml", "manifest.webmanifest"):
        (tmp_path / name).write_text("")
    (tmp_path / "klondike").mkdir()
    (tmp_path / "static" / "vendor").mkdir()
    assert "static/locale/pl.mo" in build.precache_paths(tmp_path)
    assert "static/locale/" in (ROOT / ".gitignore").read_text().splitlines()


def illegal_move_messages() -> list[str]:
    """The reasons of every illegal move in a few positions along played games (R2)."""
    from klondike.moves import ALL_MOVES

    messages = []
    for deal in range(4):
        game = Game.from_code(str(GameCode(deal, 3 if deal % 2 else 1, "NSVX"[deal])))
        for step in range(40):
            for move in ALL_MOVES:
                if not game.is_legal(move):
                    try:
                        game.play(move)
                    except IllegalMove as e:
                        messages.append(str(e))
            legal = game.legal_moves()
            if not legal:
                break
            game.play(legal[(step * 7) % len(legal)])
    return messages


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_illegal_move_reason_is_formatted_in_the_language(lang, speak):
    english = illegal_move_messages()
    speak(lang)
    translated = illegal_move_messages()
    assert len(translated) == len(english) > 1000
    kinds = {e.split(" ")[0] for e in english}
    assert len(kinds) >= 5
    for en, text in zip(english, translated, strict=True):
        assert "{" not in text and text != en


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_first_visit_speaks_as_the_page_does(lang):
    # The texts index.html carries for a first visit (tools/build.py from the catalogs'
    # sources) are what the compiled catalog the page loads says.
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    start = page.index('<script type="application/json" id="first-visit">')
    data = json.loads(page[page.index(">", start) + 1:page.index("</script>", start)])
    texts, catalog_ = data["languages"][lang], compiled(lang)
    assert texts["waiting"] == catalog_.gettext("Still loading: try again in a moment.")
    assert texts["waiting"] != "Still loading: try again in a moment."
    assert texts["loading"] == catalog_.gettext("Loading…") != "Loading…"
    assert texts["labels"] and all(
        text == catalog_.gettext(name) != name for name, text in texts["labels"].items())
    # The toolbar's and the table's own texts, as static/page/dialogs.py translates them.
    assert {"New game", "Undo", "Hint", "More", "Stock", "Column 7", "Card table"} <= set(
        texts["texts"])
    for key, text in texts["texts"].items():
        context, _sep, msgid = key.rpartition("\x04")
        assert text == (catalog_.pgettext(context, msgid) if context else
                        catalog_.gettext(msgid)), key
