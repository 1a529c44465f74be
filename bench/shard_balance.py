# shard_balance.py - how evenly static shard plans split a family or a
# census (docs/explore.md, "On many machines": the table of per-rank
# layouts), from the real member sizes of a report:
#
#   build/slide-explore --family --json puzzles/klotski.init > f.json
#   python3 bench/shard_balance.py family f.json          # 5x4 tray, one 2x2 kept
#   build/slide-explore --census --json SPEC > c.json
#   python3 bench/shard_balance.py census c.json          # trays without walls
#
# For 2, 4 and 8 ranks: the most loaded rank's layouts above the mean
# under round-robin (member i to rank i mod N), under largest first by
# the words estimate (the plan engine/explore/census.c makes; the words
# are computed again here, for measuring only), and under largest first
# by the true sizes (what an exact estimate would give).  Layouts stand
# for the work; the census's dealt split (slide-explore-mpi --census) has
# no plan to measure here.
import heapq
import json
import sys


def words(empty, counts):
    w, t = 1.0, float(empty)
    for c in counts:
        for j in range(1, c + 1):
            t += 1
            w = w * t / j
    return w


def lpt(costs, sizes, n):
    order = sorted(range(len(costs)), key=lambda i: (-costs[i], i))
    heap = [(0.0, k) for k in range(min(n, len(costs)))]
    load = [0] * n
    for i in order:
        work, k = heapq.heappop(heap)
        load[k] += sizes[i]
        heapq.heappush(heap, (work + costs[i], k))
    return load


kind, path = sys.argv[1], sys.argv[2]
report = json.load(open(path))
estimates, sizes = [], []
if kind == "family":   # Klotski's tray: 20 cells, one 2x2 kept
    for m in report["list"]:
        cells = 4 + m["1x1"] + 2 * m["1x2"] + 2 * m["2x1"]
        estimates.append(words(20 - cells, [1, m["1x1"], m["1x2"], m["2x1"]]))
        sizes.append(m["layouts"])
else:
    kinds = report["kinds"]
    for m in report["list"]:
        counts = [m["counts"][k["name"]] for k in kinds]
        cells = sum(c * k["height"] * k["width"] for c, k in zip(counts, kinds))
        estimates.append(words(report["rows"] * report["cols"] - cells, counts))
        sizes.append(m["layouts"])
total = sum(sizes)
print(f"{path}: {len(sizes)} members, {total} layouts, the largest {max(sizes)}")
for n in (2, 4, 8):
    mean = total / n
    robin = [sum(sizes[i] for i in range(k, len(sizes), n)) for k in range(n)]
    row = [("round-robin", robin), ("largest first by words", lpt(estimates, sizes, n)),
           ("largest first by true size", lpt(sizes, sizes, n))]
    print(f"  {n} ranks: " + ", ".join(f"{name} {100 * (max(load) / mean - 1):.0f}%"
                                       for name, load in row))
