"""Type stubs of the native module `tabletop._tabletop` (use the `tabletop` package)."""

from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Tuple, Union, final

import numpy as np
import numpy.typing as npt

_Text = Union[str, bytes]
_Progress = Callable[[str, int, Optional[int]], object]

__version__: str
__all__ = [
    "Board",
    "Graph",
    "ImplicitGame",
    "InputError",
    "MAX_EXACT_WORK",
    "MAX_PERCENTILES",
    "MAX_PLAYERS",
    "Misere",
    "Octal",
    "Odds",
    "__version__",
    "answer",
    "chutes_play",
    "gen",
    "grundy_parse",
    "misere",
    "misere_survey",
    "octal",
    "percentile",
    "pigs_play",
]

MAX_PLAYERS: int
MAX_PERCENTILES: int
MAX_EXACT_WORK: int

class InputError(ValueError):
    """A bad input: the message is the CLI's located report."""

    line: Optional[int]
    column: Optional[int]
    case: Optional[int]
    problem: Optional[str]

def answer(game: str, text: _Text) -> str: ...
def grundy_parse(text: _Text) -> List[Tuple[Graph, List[List[int]]]]: ...
def octal(code: str, heaps: int, progress: Optional[_Progress] = None) -> Octal: ...
def misere(code: str, heaps: int, progress: Optional[_Progress] = None) -> Misere: ...
def misere_survey(
    digits: int, budget: float = 5.0, done: List[str] = ..., progress: Optional[_Progress] = None
) -> List[Dict[str, Any]]: ...
def percentile(p: float) -> float: ...
def chutes_play(board: Board, players: int, throws: List[int]) -> Tuple[int, str, List[dict]]: ...
def pigs_play(text: _Text) -> Tuple[str, str, List[dict], List[str]]: ...
def gen(game: str, seed: int = 1, size: str = "judge", cycles: bool = False) -> str: ...

@final
class Board:
    @staticmethod
    def parse(text: _Text) -> Board: ...
    @property
    def text(self) -> str: ...
    def odds(
        self,
        players: Optional[int] = None,
        exact: bool = False,
        percentiles: List[float] = ...,
        progress: Optional[_Progress] = None,
        exact_budget: Optional[int] = ...,
    ) -> Odds: ...
    def summary(
        self,
        players: Optional[int] = None,
        exact: bool = False,
        json: bool = False,
        progress: Optional[_Progress] = None,
        exact_budget: Optional[int] = ...,
    ) -> str: ...
    def fewest_throws(self) -> Optional[int]: ...
    def optimal_path(self) -> Optional[List[Tuple[int, int, int, int]]]: ...

@final
class Odds:
    min_turns: int
    expected_turns: float
    variance: float
    expected_turns_exact_text: Optional[str]
    tabulated: bool
    median: Optional[int]
    distribution: npt.NDArray[np.float64]
    distribution_rest: float
    expected_rounds: Optional[float]
    win_probability: Optional[npt.NDArray[np.float64]]
    notes: List[str]
    def percentile(self, p: float) -> Optional[int]: ...

@final
class Graph:
    def __new__(cls, successors: Sequence[Sequence[int]]) -> Graph: ...
    @staticmethod
    def from_csr(offsets: npt.NDArray[np.uint32], targets: npt.NDArray[np.uint32]) -> Graph: ...
    def __len__(self) -> int: ...
    edge_count: int
    def csr(self) -> Tuple[npt.NDArray[np.uint32], npt.NDArray[np.uint32]]: ...
    def values(self) -> npt.NDArray[np.int64]: ...
    def infinite_set(self, position: int) -> Optional[List[int]]: ...
    def value_text(self, position: int) -> str: ...
    def outcome(self, pieces: List[int]) -> str: ...
    def winning_move(self, pieces: List[int]) -> Optional[Tuple[int, int, int]]: ...

@final
class Octal:
    values: npt.NDArray[np.uint32]
    heaps: int
    digits: List[int]
    def period(self) -> Optional[Tuple[int, int]]: ...
    def outcome(self, heaps: List[int]) -> str: ...
    def winning_move(self, heaps: List[int]) -> Optional[Tuple[int, int, List[int]]]: ...

@final
class Misere:
    digits: List[int]
    order: int
    heaps: int
    pretend: List[int]
    product: List[List[int]]
    p: List[int]
    generators: List[int]
    relations: List[Tuple[str, str]]
    words: List[str]
    def period(self) -> Optional[Tuple[int, int]]: ...
    def outcome(self, heaps: List[int]) -> str: ...
    def winning_move(self, heaps: List[int]) -> Optional[Tuple[int, int, List[int]]]: ...

@final
class ImplicitGame:
    def __new__(cls, moves: Callable[[Any], Iterable[Any]], limit: int = 10_000_000) -> ImplicitGame: ...
    def value(self, position: Any, progress: Optional[_Progress] = None) -> int: ...
    def outcome(self, positions: List[Any], progress: Optional[_Progress] = None) -> str: ...
    def winning_move(self, positions: List[Any], progress: Optional[_Progress] = None) -> Optional[Tuple[int, Any]]: ...
    known: int
