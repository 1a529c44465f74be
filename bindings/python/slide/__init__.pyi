# The types of the `slide` module, a CPython extension over libslide (its
# C sources are in bindings/python/src; this stub says nothing they do not).
# tests/test_stub.py holds it to the module: every public name here is
# one of the module's and the other way round, and every signature here
# has the parameters, kinds and defaults of the C function's own
# (__text_signature__, from its docstring).
import os
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar, Literal, overload

__version__: str

_Path = str | bytes | os.PathLike[str] | os.PathLike[bytes]
_Metric = Literal["unit", "line", "piece"]
_Engine = Literal["auto", "bitboard", "general"]
_Algo = Literal["auto", "bfs", "astar", "idastar", "bidir"]
_Format = Literal["auto", "corners", "sizes", "picture"]
# A move as the judge reads it: any sequence of four ints (r1, c1, r2, c2).
_MoveLike = Sequence[int]

def version() -> str: ...
def moves_length(moves: Iterable[_MoveLike], metric: _Metric = "line") -> int: ...

class Move(tuple[int, int, int, int]):
    n_fields: ClassVar[int]
    n_sequence_fields: ClassVar[int]
    n_unnamed_fields: ClassVar[int]
    @overload
    def __new__(cls, from_row: int, from_col: int, to_row: int, to_col: int, /) -> Move: ...
    @overload
    def __new__(cls, sequence: Iterable[int], /) -> Move: ...
    @property
    def from_row(self) -> int: ...
    @property
    def from_col(self) -> int: ...
    @property
    def to_row(self) -> int: ...
    @property
    def to_col(self) -> int: ...

class Error(Exception):
    message: str
    hint: str | None

class InputError(Error, ValueError):
    file: str | None
    line: int | None

class MoveError(Error, ValueError):
    index: int

class WriteError(Error, OSError): ...

class LimitError(Error):
    limit: Literal["states", "memory", "seconds", "out of memory", "cancelled"] | None
    value: float
    stored: int

class Unsolvable(Error): ...

class Puzzle:
    @classmethod
    def from_file(cls, init: _Path, goal: _Path | None = None,
                  format: _Format = "auto") -> Puzzle: ...
    @classmethod
    def from_string(cls, init_text: str | bytes, goal_text: str | bytes | None = None,
                    format: _Format = "auto", *, init_name: str = "INIT",
                    goal_name: str = "GOAL") -> Puzzle: ...
    @overload
    def solve(self, *, metric: _Metric = "line", optimal: bool = False, algo: _Algo = "auto",
              max_states: int | None = None, max_seconds: float | None = None,
              max_memory: int | None = None, stats: Literal[False] = False,
              engine: _Engine = "auto", pdb_dir: _Path | None = None) -> list[Move]: ...
    @overload
    def solve(self, *, metric: _Metric = "line", optimal: bool = False, algo: _Algo = "auto",
              max_states: int | None = None, max_seconds: float | None = None,
              max_memory: int | None = None, stats: Literal[True],
              engine: _Engine = "auto",
              pdb_dir: _Path | None = None) -> tuple[list[Move], dict[str, Any]]: ...
    def explore(self, *, metric: _Metric = "line", engine: _Engine = "auto",
                max_states: int | None = None, max_seconds: float | None = None,
                max_memory: int | None = None) -> dict[str, Any]: ...
    def components(self, *, metric: _Metric = "line", engine: _Engine = "auto",
                   max_states: int | None = None, max_seconds: float | None = None,
                   max_memory: int | None = None, diameters: bool = False) -> dict[str, Any]: ...
    def family(self, *, max_states: int | None = None, max_seconds: float | None = None,
               max_memory: int | None = None, engine: _Engine = "auto") -> dict[str, Any]: ...
    def render_text(self, moves: Iterable[_MoveLike] | None = None, *, unicode: bool = False,
                    color: bool = False) -> str: ...
    def to_json(self, moves: Iterable[_MoveLike], *, metric: _Metric = "line") -> str: ...
    def check(self, moves: Iterable[_MoveLike], /) -> bool: ...
    def picture(self, moves: Iterable[_MoveLike] | None = None) -> str: ...
    def pictures(self, moves: Iterable[_MoveLike], /) -> list[str]: ...
    @property
    def rows(self) -> int: ...
    @property
    def cols(self) -> int: ...
    @property
    def format(self) -> Literal["corners", "sizes", "picture"]: ...
    @property
    def solved(self) -> bool: ...
