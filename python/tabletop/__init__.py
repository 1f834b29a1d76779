"""tabletop: exact game engines, from Python.

The same library code as the ``tabletop`` command line, through its one application layer:

- :func:`answer` -- the judge's output for ``chutes``, ``snakes``, ``grundy`` or ``pigs``
  text, byte for byte what ``tabletop <game>`` prints.
- :class:`Board` -- a race board (``Board.parse(text)`` or ``Board(squares=100, ...)``) and
  its exact odds (:meth:`Board.odds`), the distribution of the game length as a numpy array.
- :class:`Graph` -- a game graph (lists or numpy CSR arrays): generalized Sprague-Grundy
  values with cycles, the outcome of a sum, the move to play; :func:`tabletop.grundy.parse`
  reads POJ 2425 text.
- :class:`ImplicitGame` -- a game given by a Python move function: values memoised in
  Rust, the outcome and a winning move of a sum.
- :func:`octal` -- an octal game's nim-values as a numpy array, its period, a winning move.
- :func:`misere` -- an octal game's misère quotient: order, generators and relations,
  P-portion, pretending function and its period, the outcome and a winning move of a sum.

Bad input raises :class:`InputError` (a ``ValueError``), whose message is the command
line's located report and which carries ``line``, ``column`` and ``case``.
Long computations run with the GIL released, so other Python threads go on meanwhile;
Ctrl-C stops them (the work itself, not only the wait), and :meth:`Board.odds`,
:func:`octal`, :func:`misere` and :class:`ImplicitGame`'s methods take ``progress``: a :data:`Progress`
callable told ``(stage, done, total)`` as the work goes.
"""

from __future__ import annotations

import enum
import operator
from typing import TYPE_CHECKING, Any, Callable, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple, overload

from . import _tabletop
from ._tabletop import InputError

if TYPE_CHECKING:
    from fractions import Fraction

    import numpy as np
    import numpy.typing as npt

__all__ = [
    "InputError",
    "TabletopWarning",
    "Progress",
    "gen",
    "answer",
    "Board",
    "Odds",
    "Outcome",
    "Graph",
    "INFINITE",
    "MAX_PLAYERS",
    "MAX_PERCENTILES",
    "MAX_EXACT_WORK",
    "ImplicitGame",
    "Octal",
    "octal",
    "Misere",
    "misere",
    "misere_survey",
    "chutes",
    "grundy",
    "pigs",
]

Progress = Callable[[str, int, Optional[int]], object]
"""A progress callback: ``progress(stage, done, total)``, ``total`` None when unknown.

It is called in the calling thread (the work goes on meanwhile, without the GIL), at most
about ten to twenty times a second and once more at the end when the work reported since.
An exception it raises stops the work and propagates. The stages: ``"tabulate"`` (the odds
table, ``done`` turns, no total) and ``"exact"`` (``done`` primes of ``total``) for
:meth:`Board.odds`; ``"heaps"`` (values known of ``total``) for :func:`octal`;
``"misère heaps"`` (heaps included of ``total``) for :func:`misere`;
``"positions"`` (move-function calls of at most the game's limit) for :class:`ImplicitGame`.
"""

__version__: str = _tabletop.__version__
"""The version of the crate this package was built from."""

GAMES = ("chutes", "snakes", "grundy", "pigs")
"""The games :func:`answer` knows."""


class TabletopWarning(UserWarning):
    """What the command line notes on stderr (a part of the answer left out, and why)."""


def _warn(notes: Iterable[str]) -> None:
    import warnings

    for note in notes:
        warnings.warn(note, TabletopWarning, stacklevel=3)


def answer(game: str, text: str | bytes) -> str:
    """The judge's output for ``text`` of ``game`` (one of :data:`GAMES`).

    The same bytes as ``tabletop <game>`` prints for that input.

    >>> answer("snakes", "6 1 3\\n35 25\\n3 23 5 16 20 33\\n")
    '3\\n'

    Raises :class:`InputError` for a bad input (the message is the command line's report,
    against ``<text>``) and :class:`ValueError` for an unknown game.
    """
    return _tabletop.answer(game, text)


def _int(name: str, value: object) -> int:
    """``value`` as an int: anything ``operator.index`` takes (numpy integers too), no bool."""
    if isinstance(value, bool):
        raise TypeError(f"{name} must be an int, not bool")
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"{name} must be an int, not {type(value).__name__}") from None


def _natural(name: str, value: object) -> int:
    number = _int(name, value)
    if number < 0:
        raise ValueError(f"{name} must not be negative, got {number}")
    return number


def _pairs(name: str, jumps: Mapping[int, int] | Iterable[Tuple[int, int]] | None) -> list[Tuple[int, int]]:
    """Jumps given as a mapping ``{start: end}`` or as ``(start, end)`` pairs."""
    if jumps is None:
        return []
    items = jumps.items() if isinstance(jumps, Mapping) else jumps
    pairs = []
    for item in items:
        try:
            start, end = item
        except (TypeError, ValueError):
            raise TypeError(f"each {name} must be a (start, end) pair, not {item!r}") from None
        pairs.append((_natural(f"{name} start", start), _natural(f"{name} end", end)))
    return pairs


MAX_PLAYERS: int = _tabletop.MAX_PLAYERS
"""The most players :meth:`Board.odds` takes (1 to this many, as ``tabletop odds --players``)."""

MAX_PERCENTILES: int = _tabletop.MAX_PERCENTILES
"""The most percentiles one call of :meth:`Board.odds` may ask for."""

MAX_EXACT_WORK: int = _tabletop.MAX_EXACT_WORK
"""The steps an exact fraction may take by default (a few seconds): ``exact_budget``'s default."""


def _players(players: object) -> Optional[int]:
    """``players`` as an int (or None); its range is the application's to check."""
    return None if players is None else _int("players", players)


def _percent(value: object) -> float:
    """A percentile as a float; its range is the application's to check."""
    try:
        return float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise TypeError(f"a percentile must be a number, not {type(value).__name__}") from None


def _budget(exact_budget: object) -> Optional[int]:
    return None if exact_budget is None else _natural("exact_budget", exact_budget)


class Board:
    """A race board: a goal square, jumps, special squares and the rules of play.

    Build one from a board file (docs/rules/board.md) with :meth:`Board.parse`, or with
    keywords, which are written as that file (see :attr:`text`) and read the same way::

        Board(squares=100, ladders={1: 38}, chutes={16: 6}, miss=[], extra=[],
              overshoot="stay", die=6, start=0)

    Raises :class:`InputError` for a board the file format refuses (a chute that goes up,
    a jump out of the board, ...), located in :attr:`text`.
    """

    __slots__ = ("_board",)

    def __init__(
        self,
        squares: int,
        ladders: Mapping[int, int] | Iterable[Tuple[int, int]] | None = None,
        chutes: Mapping[int, int] | Iterable[Tuple[int, int]] | None = None,
        miss: Sequence[int] = (),
        extra: Sequence[int] = (),
        overshoot: str = "stay",
        die: int = 6,
        start: int = 0,
    ) -> None:
        if overshoot not in ("stay", "bounce", "win"):
            raise ValueError(f"overshoot must be 'stay', 'bounce' or 'win', not {overshoot!r}")
        lines = [
            f"squares {_natural('squares', squares)}",
            f"start {_natural('start', start)}",
            f"overshoot {overshoot}",
            f"die {_natural('die', die)}",
        ]
        lines.extend(f"ladder {a} {b}" for a, b in _pairs("ladder", ladders))
        lines.extend(f"chute {a} {b}" for a, b in _pairs("chute", chutes))
        lines.extend(f"miss {_natural('miss square', k)}" for k in miss)
        lines.extend(f"extra {_natural('extra square', k)}" for k in extra)
        self._board = _tabletop.Board.parse("\n".join(lines) + "\n")

    @classmethod
    def parse(cls, text: str | bytes) -> Board:
        """Reads a board file (docs/rules/board.md); raises :class:`InputError`."""
        board = cls.__new__(cls)
        board._board = _tabletop.Board.parse(text)
        return board

    @property
    def text(self) -> str:
        """The board file this board was read from."""
        return self._board.text

    def odds(
        self,
        players: Optional[int] = None,
        exact: bool = False,
        percentiles: Sequence[float] = (),
        progress: Optional[Progress] = None,
        exact_budget: Optional[int] = MAX_EXACT_WORK,
    ) -> Odds:
        """The exact odds of a game on this board with a fair die.

        ``players``: that many counters racing in lock-step (expected rounds, each seat's
        chance), 1 to :data:`MAX_PLAYERS`. ``percentiles``: at most :data:`MAX_PERCENTILES`,
        each strictly between 0 and 100 (else ``ValueError``, before any work). ``exact``:
        also the expected number of turns as a ``Fraction``, within ``exact_budget`` steps
        (estimated up front, refused with :class:`InputError` beyond it; None: no limit,
        Ctrl-C stops the work). What the work budget leaves out (the CLI's notes on stderr)
        is a :class:`TabletopWarning`. ``progress``: see :data:`Progress`.
        """
        asked = [_percent(p) for p in percentiles]
        native = self._board.odds(_players(players), exact, asked, progress, _budget(exact_budget))
        result = Odds(native)
        _warn(result.notes)
        return result

    def fewest_throws(self) -> Optional[int]:
        """The fewest throws from the start square to the goal (None when it cannot be
        reached), under the Snakes and Ladders rules (docs/rules/snakes.md): the board must
        have ``die 6``, ``overshoot stay`` and no miss or extra squares (else ValueError)."""
        return self._board.fewest_throws()

    def optimal_path(self) -> Optional[list[dict[str, int]]]:
        """One line of play with :meth:`fewest_throws` throws, as the steps of
        ``tabletop snakes --json`` (docs/json.md): dicts with ``throw``, ``repeat`` (always
        present here, 1 for a single throw), ``land`` and ``to``. None when unreachable."""
        steps = self._board.optimal_path()
        if steps is None:
            return None
        return [{"throw": t, "repeat": r, "land": land, "to": to} for t, r, land, to in steps]

    def summary(
        self,
        players: Optional[int] = None,
        exact: bool = False,
        json: bool = False,
        progress: Optional[Progress] = None,
        exact_budget: Optional[int] = MAX_EXACT_WORK,
    ) -> str:
        """What ``tabletop odds`` prints for this board (the summary, or its JSON object);
        the arguments as for :meth:`odds`."""
        return self._board.summary(_players(players), exact, json, progress, _budget(exact_budget))

    def __repr__(self) -> str:
        return f"Board.parse({self.text!r})"


class Odds:
    """The exact odds of a board (from :meth:`Board.odds`). ``T`` is the number of turns."""

    __slots__ = ("_odds", "_distribution")

    def __init__(self, odds: _tabletop.Odds) -> None:
        self._odds = odds
        self._distribution: Optional[npt.NDArray[np.float64]] = None

    @property
    def min_turns(self) -> int:
        """The fewest turns that can reach the goal."""
        return self._odds.min_turns

    @property
    def expected_turns(self) -> float:
        """E[T]."""
        return self._odds.expected_turns

    @property
    def variance(self) -> float:
        """Var[T]."""
        return self._odds.variance

    @property
    def expected_turns_exact(self) -> Optional[Fraction]:
        """E[T] as a ``fractions.Fraction`` (with ``exact=True``; else None)."""
        text = self._odds.expected_turns_exact_text
        if text is None:
            return None
        from fractions import Fraction

        return Fraction(text)

    @property
    def median(self) -> Optional[int]:
        """The median of T (None when the distribution is beyond the work budget)."""
        return self._odds.median

    def percentile(self, p: float) -> Optional[int]:
        """The fewest t with P(T <= t) >= p/100, for 0 < p < 100 (else ``ValueError``;
        None beyond the table)."""
        return self._odds.percentile(_percent(p))

    @property
    def distribution(self) -> npt.NDArray[np.float64]:
        """``P(T = t)`` for t = 0, 1, ..., horizon: a float64 array (empty when the
        distribution is beyond the work budget). Made once; the same array every time."""
        if self._distribution is None:
            self._distribution = self._odds.distribution
        return self._distribution

    @property
    def distribution_rest(self) -> float:
        """``P(T > horizon)``: what :attr:`distribution` leaves out."""
        return self._odds.distribution_rest

    @property
    def expected_rounds(self) -> Optional[float]:
        """With players: the expected number of rounds until someone wins."""
        return self._odds.expected_rounds

    @property
    def win_probability(self) -> Optional[npt.NDArray[np.float64]]:
        """With players: each seat's chance to win (seat 1 first), a float64 array."""
        return self._odds.win_probability

    @property
    def notes(self) -> list[str]:
        """What was left out and why (also given as warnings)."""
        return self._odds.notes

    def __repr__(self) -> str:
        return f"<Odds min_turns={self.min_turns} expected_turns={self.expected_turns!r}>"


class Outcome(str, enum.Enum):
    """Who wins a game with perfect play; ``str(outcome)`` is the judge's spelling."""

    WIN = "WIN"
    """The player to move wins."""
    LOSE = "LOSE"
    """The player to move loses."""
    DRAW = "DRAW"
    """Neither can force a win (only on graphs with cycles)."""

    def __str__(self) -> str:
        return self.value


INFINITE = -1
"""The sentinel :meth:`Graph.values` gives a position of infinite value (``∞(K)``)."""


def _uint32(name: str, entries: npt.ArrayLike) -> npt.NDArray[np.uint32]:
    """``entries`` as a C-contiguous uint32 array, refusing what would not convert exactly."""
    import numpy as np

    array = np.asarray(entries)
    if array.size == 0:
        return np.zeros(0, dtype=np.uint32)
    if array.dtype.kind not in "iu":
        raise TypeError(f"{name} must hold integers, not {array.dtype}")
    low, high = int(array.min()), int(array.max())
    if low < 0 or high > 0xFFFF_FFFF:
        bad = low if low < 0 else high
        raise ValueError(f"{name} holds {bad}, outside 0..{0xFFFF_FFFF}")
    return np.ascontiguousarray(array, dtype=np.uint32)


class Graph:
    """A game graph: positions 0..n-1, ``successors[v]`` the positions v moves to.

    ``Graph([[1, 2], [], [1]])`` from lists, or :meth:`Graph.from_csr` from numpy arrays.
    Cycles are allowed. Raises :class:`ValueError` for a move outside the graph.
    """

    __slots__ = ("_graph",)

    def __init__(self, successors: Sequence[Sequence[int]]) -> None:
        self._graph = _tabletop.Graph([list(moves) for moves in successors])

    @classmethod
    def from_csr(cls, offsets: npt.ArrayLike, targets: npt.ArrayLike) -> Graph:
        """A graph from CSR arrays: the successors of v are ``targets[offsets[v]:offsets[v+1]]``.

        uint32 C-contiguous arrays are read in place; other integer arrays are converted.
        An entry that is not an integer or is outside 0..2**32-1 raises (TypeError,
        ValueError), as it does in ``Graph(...)``: nothing is wrapped or truncated.
        """
        import numpy as np

        graph = cls.__new__(cls)
        graph._graph = _tabletop.Graph.from_csr(_uint32("offsets", offsets), _uint32("targets", targets))
        return graph

    @classmethod
    def _wrap(cls, native: _tabletop.Graph) -> Graph:
        graph = cls.__new__(cls)
        graph._graph = native
        return graph

    def __len__(self) -> int:
        return len(self._graph)

    @property
    def edge_count(self) -> int:
        """The number of moves."""
        return self._graph.edge_count

    def csr(self) -> Tuple[npt.NDArray[np.uint32], npt.NDArray[np.uint32]]:
        """The graph as CSR arrays ``(offsets, targets)`` of uint32."""
        return self._graph.csr()

    def values(self) -> npt.NDArray[np.int64]:
        """The generalized Sprague-Grundy value of every position: an int64 array, with
        :data:`INFINITE` (-1) for a position of infinite value ``∞(K)`` (see
        :meth:`infinite_set`). Computed once, with the GIL released."""
        return self._graph.values()

    def infinite_set(self, position: int) -> Optional[list[int]]:
        """K of a position of value ``∞(K)`` (the finite values among its successors), or
        None when its value is finite."""
        return self._graph.infinite_set(position)

    def value_text(self, position: int) -> str:
        """A position's value as the command line writes it: ``3`` or ``∞(0,2)``."""
        return self._graph.value_text(position)

    def outcome(self, pieces: Sequence[int]) -> Outcome:
        """The outcome of the sum with one piece on each of ``pieces``."""
        return Outcome(self._graph.outcome(list(pieces)))

    def winning_move(self, pieces: Sequence[int]) -> Optional[Tuple[int, int, int]]:
        """A winning move ``(piece index, from, to)`` of the sum (0-based piece index), or
        None when the sum is not a WIN. Playing it again and again wins (the moves make
        progress)."""
        return self._graph.winning_move(list(pieces))

    def __repr__(self) -> str:
        return f"<Graph positions={len(self)} moves={self.edge_count}>"


class ImplicitGame:
    """A game given by a rule: ``moves(position)`` returns the positions one move reaches
    (any iterable of hashable objects). Play must end from every position (a cycle raises
    ``ValueError``).

    Values are memoised in Rust, by position (Python's ``hash`` and ``==``), and computed
    with an explicit stack (a chain of a million moves needs no recursion). An exception
    raised inside ``moves`` propagates unchanged (and the memo is dropped); Ctrl-C stops a
    long search. At most ``limit`` positions are evaluated (``MemoryError`` past it).
    ``progress`` (see :data:`Progress`) is called from within the search, between calls of
    ``moves``.

    One game may be used from several threads: a call waits (without the GIL) while
    another thread's call runs, and each gets its answer. ``moves`` may not call its own
    game (``RuntimeError``). A game held by an object its move function refers to (a bound
    method) is freed by the garbage collector with that object.

    >>> subtraction = ImplicitGame(lambda n: [n - s for s in (1, 3, 4) if s <= n])
    >>> [subtraction.value(n) for n in range(8)]
    [0, 1, 0, 1, 2, 3, 2, 0]
    """

    __slots__ = ("_game",)

    def __init__(self, moves: Callable[[Any], Iterable[Any]], limit: int = 10_000_000) -> None:
        self._game = _tabletop.ImplicitGame(moves, _natural("limit", limit))

    def value(self, position: Any, progress: Optional[Progress] = None) -> int:
        """The Sprague-Grundy value of ``position``."""
        return self._game.value(position, progress)

    def outcome(self, positions: Iterable[Any], progress: Optional[Progress] = None) -> Outcome:
        """WIN or LOSE for the sum of ``positions`` (one game per entry)."""
        return Outcome(self._game.outcome(list(positions), progress))

    def winning_move(
        self, positions: Iterable[Any], progress: Optional[Progress] = None
    ) -> Optional[Tuple[int, Any]]:
        """A winning move in the sum: ``(index, position to move that game to)`` (0-based
        index), or None when the sum is lost."""
        return self._game.winning_move(list(positions), progress)

    @property
    def known(self) -> int:
        """How many positions have a memoised value."""
        return self._game.known


class Octal(Sequence[int]):
    """An octal game's nim-values G(0..=heaps) (from :func:`octal`): a sequence of ints,
    ``len(o) == o.heaps + 1`` and ``o[n]`` is G(n) (slices give uint32 arrays)."""

    __slots__ = ("_octal",)

    def __init__(self, native: _tabletop.Octal) -> None:
        self._octal = native

    @property
    def code(self) -> str:
        """The game's code, such as ``"0.77"`` (``4.07`` for a code whose first digit is 4)."""
        first, *rest = self.digits
        return f"{first}.{''.join(map(str, rest))}"

    def __len__(self) -> int:
        return self.heaps + 1

    @overload
    def __getitem__(self, index: int) -> int: ...

    @overload
    def __getitem__(self, index: slice) -> npt.NDArray[np.uint32]: ...

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return self.values[index]
        return int(self.values[operator.index(index)])

    @property
    def values(self) -> npt.NDArray[np.uint32]:
        """G(0), G(1), ..., G(heaps): a uint32 array."""
        return self._octal.values

    @property
    def heaps(self) -> int:
        """The largest heap computed."""
        return self._octal.heaps

    @property
    def digits(self) -> list[int]:
        """The code's digits: ``0.77`` is ``[0, 7, 7]``."""
        return list(self._octal.digits)

    def period(self) -> Optional[Tuple[int, int]]:
        """``(period, preperiod)`` proven by the computed values, or None."""
        return self._octal.period()

    def outcome(self, heaps: Sequence[int]) -> Outcome:
        """WIN or LOSE for the sum of ``heaps`` (each within the computed values)."""
        return Outcome(self._octal.outcome(list(heaps)))

    def winning_move(self, heaps: Sequence[int]) -> Optional[Tuple[int, int, list[int]]]:
        """A winning move in the sum of ``heaps``: ``(heap index, take, heaps left of it)``
        (0-based heap index), or None when the sum is lost."""
        return self._octal.winning_move(list(heaps))

    def __repr__(self) -> str:
        return f"<Octal {self.code} heaps={self.heaps}>"


class Misere:
    """An octal game's misère quotient of heaps 0..=N (from :func:`misere`): a commutative
    monoid whose elements are numbered ``0..order`` (0 the identity), with what
    ``tabletop octal CODE --misere`` prints: the generators and relations, every element
    as a word of the generators (``ab^2``), the P-portion, the pretending function and
    its period.
    """

    __slots__ = ("_misere",)

    def __init__(self, native: _tabletop.Misere) -> None:
        self._misere = native

    @property
    def code(self) -> str:
        """The game's code, such as ``"0.07"``."""
        first, *rest = self.digits
        return f"{first}.{''.join(map(str, rest))}"

    @property
    def digits(self) -> list[int]:
        """The code's digits: ``0.07`` is ``[0, 0, 7]``."""
        return list(self._misere.digits)

    @property
    def heaps(self) -> int:
        """The largest heap included."""
        return self._misere.heaps

    @property
    def order(self) -> int:
        """The number of elements."""
        return self._misere.order

    @property
    def pretend(self) -> list[int]:
        """``pretend[n]``: the element of a heap of n tokens, for n = 0..=heaps."""
        return self._misere.pretend

    @property
    def product(self) -> list[list[int]]:
        """The multiplication table: ``product[i][j]`` is the element of i + j."""
        return self._misere.product

    @property
    def p(self) -> list[int]:
        """The P-portion: the elements whose sums the player to move loses."""
        return self._misere.p

    @property
    def generators(self) -> list[int]:
        """The heap of each generator, named ``a``, ``b``, ... in this order."""
        return self._misere.generators

    @property
    def relations(self) -> list[Tuple[str, str]]:
        """The relations ``(left, right)`` between words that, with the generators, give every
        product, such as ``("a^2", "1")``."""
        return self._misere.relations

    @property
    def words(self) -> list[str]:
        """Each element's normal word, such as ``ab^2`` (``1`` for the identity)."""
        return self._misere.words

    def word(self, element: int) -> str:
        """The normal word of ``element``."""
        return self.words[operator.index(element)]

    def period(self) -> Optional[Tuple[int, int]]:
        """``(period, preperiod)`` of the pretending function, proven for every heap, or None."""
        return self._misere.period()

    def outcome(self, heaps: Sequence[int]) -> Outcome:
        """WIN or LOSE under misère play for the sum of ``heaps`` (each within :attr:`heaps`)."""
        return Outcome(self._misere.outcome(list(heaps)))

    def winning_move(self, heaps: Sequence[int]) -> Optional[Tuple[int, int, list[int]]]:
        """A move to a misère P-position in the sum of ``heaps``: ``(heap index, take, heaps
        left of it)`` (0-based heap index), or None when the sum is lost."""
        return self._misere.winning_move(list(heaps))

    def __repr__(self) -> str:
        return f"<Misere {self.code} heaps={self.heaps} order={self.order}>"


def gen(game: str, seed: int = 1, size: str = "judge", cycles: bool = False) -> str:
    """One random valid input of ``game`` (one of :data:`GAMES`) in the judge format: the
    same text as ``tabletop gen GAME --seed SEED --size SIZE`` forever. ``size`` is
    ``"tiny"``, ``"judge"`` (within the judge's limits) or ``"big"``; ``cycles`` (grundy
    only) allows cycles (DRAW answers)."""
    return _tabletop.gen(game, _natural("seed", seed), size, cycles)


def octal(code: str, heaps: int, progress: Optional[Progress] = None) -> Octal:
    """The nim-values G(0..=heaps) of the octal game ``code`` (such as ``"0.77"``,
    Dawson's Kayles ``"0.07"``), on the command line's threads, as a read-only uint32
    array held in memory. Raises :class:`InputError` for a bad code or when the working
    space and the 4 bytes of each value held would need more than the memory cap of
    ``tabletop octal`` (4 GiB); the command line computes more heaps, keeping the values
    it no longer needs in a file (``tabletop octal CODE --heaps N > values.txt``).
    ``progress``: see :data:`Progress`."""
    return Octal(_tabletop.octal(code, _natural("heaps", heaps), progress))


def misere(code: str, heaps: int, progress: Optional[Progress] = None) -> Misere:
    """The misère quotient of heaps 0..=``heaps`` of the octal game ``code`` (such as
    Dawson's Kayles ``"0.07"``), as ``tabletop octal CODE --misere --heaps N`` computes it,
    with the GIL released. Raises :class:`InputError` for a bad code, for more heaps than
    misère quotients are computed for, or when the quotient grows past its budget (naming
    the heap). ``progress``: see :data:`Progress` (stage ``"misère heaps"``)."""
    return Misere(_tabletop.misere(code, _natural("heaps", heaps), progress))


def misere_survey(
    digits: int,
    budget: float = 5.0,
    done: Sequence[str] = (),
    progress: Optional[Progress] = None,
) -> List[Dict[str, Any]]:
    """Every octal game of up to ``digits`` code digits (1 to 4) under misère play, one
    class of equivalent games a row, as ``tabletop octal --misere --survey DIGITS --json``:
    dicts with ``code``, ``heaps`` (the largest heap of the proven quotient), ``order``,
    ``p_portion`` (its size), ``period`` (``(period, preperiod)`` of the pretending function
    or None), ``tame`` and ``stopped`` (None when the period was proven, else why the row
    ends). ``budget``: the seconds each code may take; ``done``: codes of an earlier survey,
    not run again. ``progress``: see :data:`Progress` (stage ``"misère survey codes"``)."""
    return _tabletop.misere_survey(_natural("digits", digits), float(budget), list(done), progress)


from . import chutes, grundy, pigs  # noqa: E402  (submodules that use the classes above)
