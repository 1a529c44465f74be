"""Tests of the slide module against facts known outside it: published
counts, slide-check (the separate program) for every solution, and the
error files tests/bad shares with the programs' tests.

Environment: SLIDE_CHECK, the slide-check program (default: build/slide-check
of this repository).  Run from anywhere; paths are taken from this file.
"""

import os
import pathlib
import sys
import subprocess
import threading

import pytest

import slide

REPO = pathlib.Path(__file__).resolve().parents[3]
PUZZLES = REPO / "puzzles"
BAD = REPO / "tests" / "bad"
SLIDE_CHECK = os.environ.get("SLIDE_CHECK", str(REPO / "build" / "slide-check"))


def klotski():
    return slide.Puzzle.from_file(PUZZLES / "klotski.init", PUZZLES / "klotski.goal")


def slide_check(init, goal, moves):
    """slide-check's verdict on moves: (exit status, stdout + stderr)."""
    text = "".join(f"{r1} {c1} {r2} {c2}\n" for r1, c1, r2, c2 in moves)
    run = subprocess.run([SLIDE_CHECK, str(init), str(goal)], input=text,
                         capture_output=True, text=True, timeout=60)
    return run.returncode, run.stdout + run.stderr


def test_slide_check_is_there():
    # Without it the checks below would prove nothing: fail, do not skip.
    assert os.access(SLIDE_CHECK, os.X_OK), f"{SLIDE_CHECK} is not a program; set SLIDE_CHECK"


def test_solve_klotski_checked_twice():
    p = klotski()
    assert (p.rows, p.cols, p.format, p.solved) == (5, 4, "corners", False)
    moves = p.solve()
    assert moves and all(isinstance(m, slide.Move) for m in moves)
    # Made as its docstring says, or from one sequence, it is the tuple.
    m = moves[0]
    assert slide.Move(*m) == m == slide.Move(tuple(m)) == tuple(m)
    assert slide.Move(*m).to_col == m[3]
    assert p.check(moves) is True
    assert slide_check(PUZZLES / "klotski.init", PUZZLES / "klotski.goal", moves) == \
        (0, "Verified\n")


@pytest.mark.parametrize("metric,length", [("unit", 116), ("line", 90), ("piece", 81)])
def test_optimal_lengths(metric, length):
    p = klotski()
    moves = p.solve(metric=metric, optimal=True)
    assert slide.moves_length(moves, metric) == length
    assert p.check(moves)


def test_move_is_a_tuple():
    moves = klotski().solve()
    r1, c1, r2, c2 = moves[0]
    assert moves[0] == (r1, c1, r2, c2)
    assert moves[0].from_row == r1 and moves[0].to_col == c2
    # Plain tuples and lists are moves too.
    assert klotski().check([tuple(m) for m in moves])
    assert klotski().check([list(m) for m in moves])


def test_check_refuses():
    p = klotski()
    moves = p.solve()
    with pytest.raises(slide.MoveError) as e:
        p.check(moves[:-1])
    assert e.value.index == len(moves) - 1
    assert "moves end before the goal is reached" in str(e.value)
    bad = list(moves)
    bad[3] = (0, 0, 4, 0)   # the 2x1 at 0 0 cannot jump the blocks below it
    with pytest.raises(slide.MoveError) as e:
        p.check(bad)
    assert e.value.index == 3 and "move 4" in e.value.message
    assert isinstance(e.value, ValueError)


PICTURE = """\
; Klotski again, drawn
ABBC
ABBC
DEEF
DGHF
I..J
"""
PICTURE_GOAL = """\
....
....
....
.BB.
.BB.
"""


def test_from_string_picture():
    p = slide.Puzzle.from_string(PICTURE, PICTURE_GOAL)
    assert p.format == "picture"
    moves = p.solve()
    assert p.check(moves)
    assert slide_check(PUZZLES / "klotski-picture.init", PUZZLES / "klotski-picture.goal",
                       moves)[0] == 0
    # The picture reads back as the same puzzle, and bytes read like str.
    assert p.picture() == "ABBC\nABBC\nDEEF\nDGHF\nI..J\n"
    again = slide.Puzzle.from_string(p.picture().encode(), PICTURE_GOAL.encode())
    assert again.picture() == p.picture()


def test_pictures_follow_the_moves():
    p = klotski()
    moves = p.solve()
    pics = p.pictures(moves)
    assert len(pics) == len(moves) + 1
    assert pics[0] == p.picture()
    assert pics[-1] == p.picture(moves)
    # The last one, read back with the goal, is solved.
    end = slide.Puzzle.from_string(pics[-1], PICTURE_GOAL)
    assert end.solved and end.solve() == []
    with pytest.raises(slide.MoveError):
        p.pictures([(0, 0, 0, 3)])


def test_unsolvable():
    # A 1x4 tray: the 1x1 block can never get past the 1x2 to its left.
    p = slide.Puzzle.from_string("1 4\n0 0 0 1\n0 2 0 2\n", "0 0 0 0\n", format="corners")
    with pytest.raises(slide.Unsolvable):
        p.solve()
    with pytest.raises(slide.Unsolvable):
        p.solve(optimal=True, metric="unit")


def test_unsolvable_says_its_proof():
    # The 8-puzzle with two tiles swapped: libslide's proof (the parity,
    # before any search) is the exception's message.
    p = slide.Puzzle.from_string("213\n456\n78.\ndistinct: *\n", "123\n456\n78.\n")
    with pytest.raises(slide.Unsolvable) as e:
        p.solve(optimal=True)
    assert "parity" in e.value.message and str(e.value) == e.value.message
    with pytest.raises(slide.Unsolvable) as e:
        slide.Puzzle.from_string("1 4\n0 0 0 1\n0 2 0 2\n", "0 0 0 0\n").solve()
    assert "every reachable configuration searched" in e.value.message


def test_bad_file_names_file_and_line():
    with pytest.raises(slide.InputError) as e:
        slide.Puzzle.from_file(BAD / "overlap.init", BAD / "ok.goal")
    assert e.value.file.endswith("overlap.init") and e.value.line == 4
    assert "block overlaps the block of line 2" in str(e.value)
    assert isinstance(e.value, ValueError) and isinstance(e.value, slide.Error)
    with pytest.raises(slide.InputError) as e:
        slide.Puzzle.from_file(BAD / "ok.init", BAD / "goal-tray.goal")
    assert e.value.file.endswith("goal-tray.goal") and e.value.line == 1
    with pytest.raises(slide.InputError) as e:
        slide.Puzzle.from_file(BAD / "no-such-file.init", BAD / "ok.goal")
    assert e.value.line is None and "No such file" in str(e.value)


def test_bad_string_names_the_given_name():
    with pytest.raises(slide.InputError) as e:
        slide.Puzzle.from_string("5 4\n0 0 1 0\nzero\n", None, init_name="mine.init")
    assert (e.value.file, e.value.line) == ("mine.init", 3)
    with pytest.raises(slide.InputError) as e:
        slide.Puzzle.from_string("ABBC\n", None, format="corners")
    assert (e.value.file, e.value.line) == ("INIT", 1)


def test_write_error_is_an_os_error():
    # libslide's SB_EWRITE (a stream that refused its bytes) is an OSError
    # to Python, and a slide.Error like the rest, never an InputError.
    assert issubclass(slide.WriteError, slide.Error)
    assert issubclass(slide.WriteError, OSError)
    assert not issubclass(slide.WriteError, ValueError)


def test_hints_in_the_module_s_own_words():
    # libslide names no program's options; the module words what would help
    # as its own keywords, in the text and in .hint, and that choice works.
    big = slide.Puzzle.from_string("7 7\n0 0 0 0\n", "6 6 6 6\n", format="corners")
    with pytest.raises(slide.InputError) as e:
        big.solve(engine="bitboard")
    assert e.value.hint == 'engine="general"' and str(e.value).endswith('(engine="general")')
    assert "--" not in str(e.value) and "general representation" in e.value.message
    assert big.check(big.solve(engine="general"))
    with pytest.raises(slide.InputError) as e:
        big.components(engine="bitboard")
    assert e.value.hint == 'engine="general"'
    with pytest.raises(slide.InputError) as e:
        klotski().solve(algo="bidir")
    assert e.value.hint == 'algo="auto"' and "--" not in str(e.value)
    both = "5 5\n1 1 1 1\n2 2 3 3\n"
    with pytest.raises(slide.InputError) as e:
        slide.Puzzle.from_string(both)
    assert e.value.hint == 'format="corners" or format="sizes"' and e.value.line == 3
    assert slide.Puzzle.from_string(both, format="sizes").format == "sizes"
    with pytest.raises(slide.LimitError) as e:
        klotski().solve(max_states=100)
    assert e.value.hint == "a higher max_states"
    with pytest.raises(slide.InputError) as e:
        slide.Puzzle.from_file(BAD / "overlap.init", BAD / "ok.goal")
    assert e.value.hint is None
    with pytest.raises(ValueError, match="engine: unknown representation 'fast'"):
        big.solve(engine="fast")


def test_pdb_dir_keeps_the_databases(tmp_path):
    # libslide's directory cache: built and written once, read the next time.
    eight = slide.Puzzle.from_file(PUZZLES / "eight-31a.init", PUZZLES / "eight-31a.goal")
    for loaded in (False, True):
        moves, stats = eight.solve(optimal=True, algo="idastar", pdb_dir=tmp_path, stats=True)
        assert stats["pdb_tables"] > 0 and stats["pdb_loaded"] is loaded
        assert len(moves) == 31 and eight.check(moves)
    assert [f.suffix for f in tmp_path.iterdir()] == [".pdb"]
    moves, stats = eight.solve(optimal=True, algo="idastar", stats=True)
    assert stats["pdb_loaded"] is False


def test_max_ratio_says_what_is_proven():
    # Default mode on the 15-puzzle: a weighted search, at most twice the
    # shortest; --optimal: shortest.
    fifteen = slide.Puzzle.from_file(PUZZLES / "fifteen-rosetta.init", PUZZLES / "fifteen-rosetta.goal")
    moves, stats = fifteen.solve(stats=True)
    assert stats["max_ratio"] == 2.0 and not stats["optimal"] and fifteen.check(moves)
    moves, stats = klotski().solve(optimal=True, stats=True)
    assert stats["max_ratio"] == 1.0 and stats["optimal"]


def test_limits():
    with pytest.raises(slide.LimitError) as e:
        klotski().solve(max_states=100)
    assert e.value.limit == "states" and e.value.value == 100 and e.value.stored >= 100
    assert not isinstance(e.value, slide.Unsolvable)
    with pytest.raises(slide.LimitError) as e:
        klotski().explore(max_states=1000)
    assert e.value.limit == "states"


def test_explore_counts():
    r = klotski().explore()
    assert r["reachable"] == 25955
    assert sum(r["per_depth"]) == 25955 and len(r["per_depth"]) == r["farthest"] + 1
    assert r["goal_count"] > 0 and r["nearest_goal"] == 90
    assert slide.Puzzle.from_string(r["farthest_example"], None).rows == 5
    eight = slide.Puzzle.from_file(PUZZLES / "eight-31a.init")
    r = eight.explore(metric="unit")
    assert r["reachable"] == 181440 and r["goal_count"] is None


def test_gil_released():
    # Two explorations at once in two threads: they must agree, and neither
    # may crash the interpreter (each libslide call has its own records).
    p = slide.Puzzle.from_file(PUZZLES / "eight-31a.init")
    out = []
    threads = [threading.Thread(target=lambda: out.append(p.explore()["reachable"]))
               for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert out == [181440, 181440]


def test_wrong_types_are_type_errors():
    p = klotski()
    calls = [
        lambda: slide.Puzzle.from_file(None),
        lambda: slide.Puzzle.from_file(5, 6),
        lambda: slide.Puzzle.from_string(None),
        lambda: slide.Puzzle.from_string(["5 4"]),
        lambda: slide.Puzzle(),
        lambda: p.solve(metric=3),
        lambda: p.solve("line"),          # options are keywords only
        lambda: p.solve(max_states="10"),
        lambda: p.solve(max_seconds="1"),
        lambda: p.explore(max_memory=1.5),
        lambda: p.check(5),
        lambda: p.check(None),
        lambda: p.check(["0 0 0 1"]),
        lambda: p.check([(0, 0, 0)]),
        lambda: p.check([(0, 0, 0, "1")]),
        lambda: p.check([(0, 0, 0, 1.0)]),
        lambda: p.picture(7),
        lambda: slide.moves_length(3),
    ]
    for call in calls:
        with pytest.raises(TypeError):
            call()


def test_wrong_values_are_value_errors():
    p = klotski()
    for call in [lambda: p.solve(metric="miles"), lambda: p.solve(algo="dfs"),
                 lambda: p.solve(max_states=0), lambda: p.solve(max_states=-5),
                 lambda: p.solve(max_seconds=float("nan")), lambda: p.explore(max_memory=-1),
                 lambda: slide.Puzzle.from_file(PUZZLES / "klotski.init", format="pictures"),
                 lambda: p.check([(0, 0, 0, 2 ** 70)])]:
        with pytest.raises(ValueError):
            call()
    # Coordinates in range of int but off the tray are the judge's to refuse.
    with pytest.raises(slide.MoveError):
        p.check([(-1, 0, 99, 0)])


def test_odd_inputs_raise_cleanly():
    # Bytes the readers refuse, empty texts, moves through walls of types:
    # each an exception, never a crash (the sanitizer build runs this too).
    for text in ["5 4\n\0\0\n", "", "\n\n", "x" * 100000, "5 4\n" + "0 0 0 0\n" * 3]:
        with pytest.raises(slide.InputError):
            slide.Puzzle.from_string(text, "3 1 4 2\n")
    with pytest.raises(slide.InputError) as e:
        slide.Puzzle.from_string(b"5 4\n0 0 1 0\ntw\xf6\n")   # not UTF-8
    assert e.value.line == 3 and "not a non-negative integer" in str(e.value)
    p = klotski()
    with pytest.raises(TypeError):
        p.pictures(None)
    with pytest.raises(TypeError):
        p.pictures([(0, 0, 0, 1), None])
    with pytest.raises(slide.MoveError) as e:
        p.picture([(4, 0, 4, 1), (4, 0, 4, 1)])   # the second finds no piece there
    assert e.value.index == 1
    assert p.picture([(4, 0, 4, 1)]).endswith("\n.I.J\n")
    assert p.pictures([]) == [p.picture()]
    with pytest.raises(slide.MoveError) as e:
        p.check([])
    assert e.value.index == 0


class Clearing:
    """A move whose every read empties the list that holds it: the reader
    must hold its own references, not borrow the caller's list's items."""

    def __init__(self, owner, move):
        self.owner, self.move = owner, move

    def __len__(self):
        self.owner.clear()
        return 4

    def __getitem__(self, i):
        self.owner.clear()
        return self.move[i]


def test_moves_that_clear_their_list():
    p = klotski()
    readers = [p.check, p.pictures, p.picture, p.render_text, p.to_json, slide.moves_length]
    for read in readers:
        moves = []
        moves.extend(Clearing(moves, (4, 0, 4, 1)) for _ in range(3))
        try:
            read(moves)
        except slide.MoveError:
            pass   # the moves are not a solution: refused, not crashed
        assert moves == []


def test_version():
    assert slide.version() == slide.__version__
    assert slide.version().count(".") == 2


def test_example_script():
    # examples/solve.py, as the README shows it: a picture per step.
    run = subprocess.run([sys.executable, str(REPO / "examples" / "solve.py"),
                          str(PUZZLES / "klotski.init"), str(PUZZLES / "klotski.goal")],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("start\nABBC\nABBC\nDEEF\nDGHF\nI..J\n")
    assert run.stdout.count("\nmove ") == 90 and "90 slides, 90 moves" in run.stdout
    run = subprocess.run([sys.executable, str(REPO / "examples" / "solve.py"),
                          str(BAD / "overlap.init"), str(BAD / "ok.goal")],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 2 and "overlap.init:4:" in run.stderr
