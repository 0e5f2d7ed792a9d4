"""A solver for "thoughtful" Klondike, the game with every card visible (SPEC R8).

:func:`solve` searches from a game's position under that game's rules (draw 1 or 3,
the Vegas single pass of R2.9, foundation take-backs of R2.6) and answers

- ``won``: ``moves`` lists R10 move texts that :meth:`Game.play` replays to a win;
- ``lost``: no position reachable by the moves below wins;
- ``unknown``: the budget ran out first.

Budgets count positions expanded ("nodes"), never seconds, nothing depends on hash
order, and rule 10's shuffles come from generators seeded with fixed numbers, so every
device gets the same answer after the same node count.

>>> from klondike import Game
>>> solution = solve(Game.from_code("KL1-D1N-AAAAAAD"), budget=1_000)
>>> solution.result, solution.nodes, solution.moves[:3]
('won', 38, ['T1>F', 'T2>F', 'S'])

The method is the one of the published thoughtful-Klondike solvers, depth-first search
over macro moves with dominance pruning and a transposition table:

- C. Blake and I. P. Gent, "The Winnability of Klondike Solitaire and Many Other
  Patience Games" (arXiv:1906.12314, 2019), whose solver Solvitaire measured 90.45% of
  draw-1 and 81.94% of draw-3 deals winnable; safe foundation moves, column-order-free
  state keys;
- R. Bjarnason, P. Tadepalli and A. Fern, "Searching Solitaire in Real Time" (ICGA
  Journal 30(3), 2007) and R. Bjarnason, A. Fern and P. Tadepalli, "Lower Bounding
  Klondike Solitaire with Monte-Carlo Planning" (ICAPS 2009): stock and waste as one
  "talon" of cards reachable by drawing; turning face-down cards up first.

1. **Talon moves.** The waste (bottom first) followed by the stock (next card first) is
   one list, the talon, with the waste's length as its position. A talon move plays any
   card that drawing can bring to the waste top (R2.8: in draw 3 every third card and
   the last; R2.9: again from the start after a recycle, while the rules allow one) and
   expands to that many ``S`` tokens plus ``W>F`` or ``W>Tn``. Draws commute with every
   other move, so they are never searched on their own.
2. **Safe foundation moves** are made at once, without branching: a card of rank <= 2,
   or one whose two opposite-colour cards of rank - 1 and whose same-colour card of
   rank - 2 are home. Nothing can then need it on the tableau, take-backs included:
   whatever could be put on it there is home. From the talon this is done only where it
   cannot change which cards the draws reach: for the waste top in draw 1 or once no
   recycle is left, for any talon card in draw 1 with unlimited passes.
3. **Moves that can wait are not generated.** Each rule below keeps a winning line if
   there is one: such a move, made early in a winning line, can be made instead at the
   moment the rule names, with the moves in between unchanged, because nothing in
   between uses what it changes.

   - A King's run goes to an empty column only to turn a card up, and only to the
     first empty column (columns are interchangeable).
   - Part of a column's face-up run moves only if the card it uncovers can go home, or
     a card that fits there would come (see below). A whole face-up run that empties a
     column moves only if more Kings would come than there are empty columns.
   - A foundation card of rank >= 3 comes back only if a card would come onto it, or
     the next card down could then come back too, onto a card that is not face down
     (an Ace or a 2 never needs to).
   - A talon card next home and safe to go there (rule 2) goes home, not to the
     tableau, where the safe moves would send it home at once: the same position.
     (In draw 1 with unlimited passes rule 2 has sent such a card home already.)
   - In draw 1 with unlimited passes every talon card stays in reach, so it goes to the
     tableau only for a card that would come onto it (a column's run comes in the same
     move), and home only once the next card of its suit is face up in a column (or
     is in the talon too, and so on up): then that card can follow it home, or be
     uncovered to go home by the partial-run rule above, which needs this one home
     first. (Waiting for that card to be a column's top, as this rule did before,
     deadlocked with the partial-run rule: deal 198 in draw 1 was called lost, though
     it is won.)
   - **Talon chains.** There, too, a talon card goes to the tableau only together with
     what comes onto it: a column's run, the top card of a foundation, or another
     talon card with what comes onto that in turn, all in one move. Until something
     is put on it, a talon card on the tableau only covers the card under it, and
     what it could do itself (go home, or onto another card) it can do straight from
     the talon. The depth-first search proves deal 600 in draw 1 lost in 882 nodes
     with it, 5,960 without. The first depth-first search and the non-eager
     best-first search of rule 8 go without it: a talon card goes out alone when the
     card to come onto it is in the talon or on a foundation. They win some deals
     sooner that way.

   A card "would come" if it turns a card up by moving, or its own move passes these
   rules; a card anywhere in a foundation counts, as it can come back once the cards
   above it are off. A chain of reasons that loops back is no reason, and past a few
   links the answer is yes, which only searches more. ``tests/test_solver.py`` checks
   the rules against a search of every legal move on small endgames.
4. **State keys.** The seven columns, face-down cards included, are sorted, so that
   positions differing only in column order are one (face-down cards never leave
   their column, so a column's key names the column in their place); then the talon
   and its position (in draw 1 with unlimited passes just the set of talon cards; in
   draw 3 with unlimited passes a waste of 3, 6... cards, or of them all, as an empty
   one, as the same cards are in reach). Foundations follow from the rest. A key is remembered
   once generated; at most :data:`TABLE_LIMIT` of them, past which the search goes on
   without remembering (slower, never unsound).

   **Dominance** (draw 3, unlimited passes, the depth-first search). A waste of p cards
   reaches every card that a waste of q cards of the same talon reaches when p <= q
   and p - q is a multiple of 3: the draws from p pass through each waste length from
   q on, and both go on from an empty waste after the recycle, which any waste
   reaches. The waste length changes nothing else, so a line from the position with q
   plays the same from p, with as many moves, and the position with q is skipped if
   one that differs from it only so was seen (an empty waste, or one of a multiple of
   3 cards, is reached from any). Deal 0 in draw 3 is proved lost in 7,048 nodes
   instead of 8,078.
5. **Order.** Children are tried by a distance to the win: four per face-down card, one
   per card not home and one per talon card; ties go to moves that turn a card up.
6. **Dead positions.** A relaxation of the game, where every move that could ever happen
   is taken to happen and no card or space is ever used up: a column card can move if it
   is face up (its run comes along) or could be a top, and one of the two cards it fits
   on could be a top, a space could appear (a King), or the card could go home; a column
   card could be a top once the card on it can move (a run moved away with it on top
   does not uncover it), a foundation card, or a talon card the draws can bring up, once
   it could be put on the tableau, on one of the two cards it fits on (a King: into a
   space); a space appears once a column's bottom card can move; a card can go home if
   it could be a top or the draws can bring it up, and the card below it in its suit can
   go home. The draws can bring up the talon cards they reach now (rule 1), and any
   other once the one just after it can leave the talon (go home or be put out), or,
   while a recycle is left, once as many cards before it can as move it to a place
   that a pass from an empty waste brings up (one or two in draw 3). For a pass
   brings up the cards at the places it reaches from its start, whatever leaves the
   talon during it, and a card moves a place only when one before it leaves; else it
   comes up only when the card on it leaves the waste, and that is the one just after
   it. Of Jc 5s Tc Qc 4s 6s, say, the draws reach the Tc and the 6s; with the Tc
   home and the others stuck, the 4s is fourth of five, where no pass reaches it.
   Growing these sets until nothing changes, a card that still cannot go home makes the
   position lost: in any winning line each of these events has, at the first moment it
   happens, the reasons counted here. This catches, for one, a 7 on both red 8s and its
   own 5, a 7s and a 7c each lying on the red 8 the other needs, an 8c on both black 10s
   whose red 9s are in the talon, and in draw 3 a 6s the draws bring up over the 4s and
   5s it needs home. The searches ask it at every position they expand, not only at
   the start (not in the daily deal's frozen rules): a move can lock a position, and the
   depth-first search would otherwise have to visit every position after it. Deal 37 in
   draw 1 was undecided after 100,000 nodes; it is won in 32. The answer is remembered
   for all the searches of one solve (the first :data:`~.dead.DEAD_LIMIT` answers) per
   class of positions (rule 12's key): a class is lost if one of its positions is dead,
   so a dead answer holds for each of them, and an answer "not dead" given for another
   position of the class can only let a search expand a position the check would have
   cut. In draw 1 with unlimited passes, where the draws reach every talon card and the
   cards off the tableau are all alike to it, it is remembered per class of tableau
   alone (the column counts and the cards off the tableau). The searches that know a
   position by its own key meet many classes the others met: over deals 0-199 at 20,000
   nodes, 24.4% of the questions are answered from memory in draw 3 and 36.5% in draw 1,
   against 10.1% and 16.3% when each search remembered answers by its own kind of key,
   with the same nodes.
7. **Won early.** With every tableau card face up and every talon card always in reach
   (or none left), the lowest card not home is always a column's top or in the talon,
   so playing cards home wins.
8. **A portfolio of searches.** Depth-first search (rule 5's order, a child at a
   time) finds most wins in a few hundred nodes, but after an early wrong turn it must
   exhaust the whole subtree below it. So after its first :data:`SOLO` nodes (in draw
   1 with unlimited passes, :data:`SOLO` turns, two of every three of which go to the
   prover, the same search with talon chains, which goes on after them) best-first
   searches, always expanding the most promising position seen yet, share the budget
   with it a node each in turn. They look only for wins. They make rule 13's moves and
   know a position by its class (rule 12's key), so that runs placed another way round
   (the 7s on the 8h and the 7c on the 8d, say) count as one position, and remember it
   by a 56-bit digest of that key (two positions with one digest can only hide a win
   from them). Before, they made rule 3's moves and knew a position by a looser key,
   face-up column cards by colour and rank alone (as rule 14's beams still do); by
   class, on deals 30000-30299 at 200,000 nodes, the deals both decide took 0.913 times
   the nodes in draw 3 and 0.84 in draw 1, and on the held-out deals 40000-40299 0.974
   and 0.915; no answer changed, and one undecided deal (30027 in draw 3) was won. The
   lines they find are real, and they find them in far fewer nodes than the
   depth-first search (``bench/solver.py``, figures in the README). One of them
   sends every card home as soon as it can, not only the safe ones of rule 2: a card
   sent home too early can mostly come back (R2.6), and what it cuts off the others
   still cover. A second, with only rule 2's safe moves, runs for at most
   :data:`BRIEF` nodes: the wins it finds first it finds early. When the talon is not
   one set (draw 3, or limited passes), two more join, the same two but also sending
   home at once every talon card the draws reach that they would send home from the
   waste, though that changes which cards later draws reach: each finds wins the
   others find later. There the one of the first two that sends every card home at
   once joins only after :data:`LATE` turns, as its twin with talon cards finds most
   of its wins sooner, and the others take two turns each to the depth-first
   search's one. Unless the position looks lost: if in its first :data:`SOLO` nodes
   the depth-first search came no more than the share :data:`HOPELESS` of the way to
   a win (by rule 5's distance), only the eager best-first search with talon cards
   joins it. A best-first search that runs out of positions stops and the
   others go on: only the depth-first searches prove a loss (this one, rule 9's,
   rule 12's and rule 13's).
9. **A relaxed game** (when the talon is not one set). Played as in draw 1 with
   unlimited passes, the same position is a game with more moves and no fewer: every
   card the draws could ever bring up is in reach there at any time, and all else is
   the same, so any line of the game, its draws left out, is a line of the relaxed
   one. A loss of the relaxed game is a loss of the game, and its search (draw 1's
   prover, rule 13's, with talon chains) is far smaller. From :data:`SOLO` nodes on
   (after rule 14's beams, where they run), it runs alone for :data:`BURST` nodes,
   then takes a turn in the round with the others, with rule 6's answers of its own. A
   win there proves nothing, and there it stops, mostly within a few hundred nodes:
   deal 0 in draw 3, lost, is won relaxed in 43. Deal 3005 in draw 3 is lost relaxed in
   37 nodes; the depth-first search alone takes 14,838 to prove it. Deal 30083 is
   proved lost in 3,550 nodes (260 of them the beams'), 26,239 without the search
   alone first; deal 137, whose relaxed game is undecided within the burst, is won in
   11,140 nodes instead of 2,681.
10. **Restarts** (when the talon is not one set, unless the position looks lost).
    Rule 5's order is often right, and where it is wrong near the start, the
    depth-first search stays in the wrong subtree for the rest of the budget, while the
    best-first searches go for the positions that look closest, which may be the same
    wrong ones. So from :data:`SOLO` nodes on, two turns of each round go to
    depth-first searches that start again from the position, each with a table of its
    own and each child's distance raised by a random share of :data:`NOISE` (the
    generator seeded with the search's number, so the same everywhere), for short
    budgets that grow by Luby's sequence from :data:`RESTART` nodes (M. Luby, A.
    Sinclair and D. Zuckerman, "Optimal Speedup of Las Vegas Algorithms", 1993; C.
    Gomes, B. Selman and H. Kautz, "Boosting Combinatorial Search Through
    Randomization", AAAI 1998), each trying another order from the start. Each
    is a depth-first search with exact keys, so one that runs out of moves proves
    the loss too. Deals 65, 128 and 137 in draw 3, undecided within 40,000 nodes
    without them, are won in 26,581, 8,289 and 2,379.
11. **The long haul** (when the talon is not one set). Past :data:`LONG_HAUL` nodes
    the deals left are mostly lost ones (12 of the 17 of deals 0-999 in draw 3
    decided between 100,000 and 1,000,000 nodes), and only the depth-first searches
    prove a loss. From there on, for each turn of a search that looks only for wins,
    the first depth-first search (rule 12's) takes three and the relaxed search (rule
    9) one: the wins of the others come later, the losses far sooner (deal 219 in draw
    3 in 155,435 nodes against 224,728, before rule 12).

12. **The quotient's search** (first where the talon is not one set; in draw 1 with
    unlimited passes, before the others for a few nodes). A column's cards up to
    and including its first face-up card are its own from the deal: face-down cards
    never move, a card turns up only when the one on it leaves, and a space takes only
    a King (R2.3). So the foundations, per column how many of those are left, and the
    talon place every card but the face-up ones that lie on other face-up cards
    (lonelybot's state: github.com/vuonghy2442/lonelybot). Where those lie changes
    nothing a position can come to. Of a card and its twin, as many are free (a top)
    wherever they lie: their count face up, less the face-up cards of the rank below
    and the other colour that lie on them. And when the twin is free and the card is
    not, the run on the card can go onto the twin, in one move that leaves all the
    counts as they were. So every move of a position of the class (a card home; a
    talon or foundation card onto a free card, or a King into a space; a column's
    first face-up card, with its run, onto a free card or into a space) can be made
    from any other after at most that one move (only a card going home needs it: the
    two cards another fits on are twins), a class is won if and only if each of its
    positions is, and this depth-first search knows a position by its class
    (:mod:`.quotient`): it tries each such move, made from the board at hand with the
    run's move first where it needs one, so its wins are real lines, and a class it
    has seen it does not search again. Rules 2, 4's dominance, 6 and 7 hold for the
    board at hand, and so for its class; rule 3 is not used (a foundation card that
    rule 2 would send home again does not come back). It is the first search of rule
    8 where the talon is not one set, and from :data:`SOLO` nodes on it takes every
    other turn. Where the talon is one set, it runs alone for its first :data:`QUICK`
    nodes, before all the others: without rule 3's talon chains it proves few losses
    there, but it wins many deals in a few dozen nodes. On deals 30000-30299 in draw 3
    (200,000 nodes, at dab79e0) 291 are decided instead of 285: 247 within 2,000 nodes instead of
    233, 273 within 10,000 instead of 268. Deal 0 in draw 3 is proved lost in 1,719
    nodes instead of 9,192, deal 30216 in 2,632 instead of 19,198 (3,019 since rule 9's
    search runs alone first).
13. **Rule 3's moves over rule 12's classes** (where the talon is one set, after rule
    12's :data:`QUICK` nodes, the first search, without talon chains, a turn of three
    for :data:`SOLO` turns, and the prover, with them, the other two and on from there;
    rule 9's search). The depth-first
    search with rule 3's moves and talon chains, knowing a position by its class (rule
    12's key) and, like every search, remembering rule 6's answers by its tableau's class
    (per column the count of its own cards, and the set of cards off the tableau). Rule
    3's only move that leaves the class as it is, part of a run onto the twin of the card
    it lies on, is not tried: its child would be cut as seen. Its reasons go into other moves. A
    card it would uncover to go home goes home in the same move (the run onto the twin,
    then the card: rule 12's move); a card that would come onto the uncovered card can
    come straight onto the twin, a top, which rule 3 already tries. Why it stays sound:
    a class is won if and only if each of its positions is (rule 12), so take a class's
    least count of moves that change the class to a win. From any of its positions there
    is a line of that many such moves, with a run moved onto a twin only just before the
    card under it goes home (rule 12 again). If rule 3 would not try its first move now,
    rule 3's own argument makes that move later, leaving the others as they were; the
    new first move is tried or put off in turn, and a move put off in front of a card's
    going home can as well be made before that card's run moves, which touches no card
    it needs. So some move tried from every position of a won class leads to a class one
    move nearer the win, and a search that runs out of classes has seen no won one.
    Against the search of every legal move on small endgames, it agreed on 2,400 of
    2,400 (200 in ``tests/test_quotient.py``), where without the move home with the run
    it called 4 of 800 won ones lost. It needs a fraction of the depth-first search's
    nodes on draw-1 losses: deal 30221 in 2,566 nodes against 16,120 alone, 30185 in
    1,270 against 11,106. Without talon chains in place of rule 8's first search, it won
    or lost 35 of deals 30000-30299 in draw 1 in fewer nodes (30083 lost in 2,288
    against 4,887), and 3 in 2 to 5 more.
14. **Beams** (when the talon is not one set, unless the position looks lost). A beam
    search expands a layer of positions at a time and keeps only the :data:`BEAM_WIDTH`
    most promising of their children (rule 5's distance, then the move order) for the
    next layer; it knows positions by the loose key of rule 8 and, like the best-first
    searches, looks only for wins. Five wide, it goes down a few lines side by side, so
    one wrong turn near the start does not hold it (as it holds the depth-first search),
    nor does a wide front of near positions (as it holds the best-first searches); and it is soon
    stuck when it is wrong, once a layer brings no position it has not seen. From
    :data:`SOLO` nodes on, three of them run alone one after another (:data:`BEAMS`:
    sending home safe cards only, every card, every card but the talon's), before rule
    9's search runs alone. Stuck, the three took 109 to 577 nodes (315 at the median)
    on the 52 deals of 30000-30299 that take over 2,000 nodes in draw 3, and they won
    some that the portfolio took tens of thousands of nodes to win without them: deal
    30150 is won after 2,221 nodes instead of 112,605, deal 30228 after 2,239 instead of
    38,327. Where the deal looks lost they do not run: no such deal was won by them.

The package reads as the method's table of contents, one concern a module:

- :mod:`.board`: the search's copy of the position, its moves played and taken back,
  the forced moves (rules 2 and 7) and the distance to a win (rule 5);
- :mod:`.keys`: the keys of positions and the tables of those seen (rule 4);
- :mod:`.dead`: the dead-position check (rule 6);
- :mod:`.moves`: the moves worth trying and their order (rules 3 and 5);
- :mod:`.search`: one search, depth-first, best-first or a beam, a position at a time;
- :mod:`.quotient`: the searches that know a position by its class (rules 12 and 13);
- :mod:`.portfolio`: the searches together (rules 8 to 14), :func:`solve` and the other
  calls below, and the budgets (:data:`~.portfolio.SOLO` and the rest).
"""

from ..solution import LOST, UNKNOWN, WON, Solution
from .portfolio import (
    DAILY_BUDGET,
    DEFAULT_BUDGET,
    Search,
    best_move,
    solve,
    wins_for_the_daily_deal,
)

__all__ = [
    "DAILY_BUDGET",
    "DEFAULT_BUDGET",
    "LOST",
    "UNKNOWN",
    "WON",
    "Search",
    "Solution",
    "best_move",
    "solve",
    "wins_for_the_daily_deal",
]
