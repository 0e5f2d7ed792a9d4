"""The app: everything the game's screen decides, without the DOM.

The rules library (:mod:`klondike`) knows nothing of a screen; this package decides what a
player sees and what is stored, as plain Python the browser glue (``static/``) only
forwards events to and draws from: where every card goes (``view``), what a gesture means
(``gestures``), the end of a game (``ending``), the hint (``hint``), what the solver knows
of the game (``analysis``), stored values (``storage``), statistics (``stats``), the rules
help (``help``) and the game in progress as one object (``session``).
"""
