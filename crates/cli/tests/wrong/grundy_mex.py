"""POJ 2425 (acyclic graphs) with ONE rule broken: the mex loop stops one value too early
when the successors' values are exactly 0..k-1. `--honest` restores the rule."""
import sys

HONEST = "--honest" in sys.argv


def mex(values):
    values = set(values)
    g = 0
    while g in values and (HONEST or g < len(values) - 1):  # BUG: stops one short
        g += 1
    return g


def grundy(moves):
    n = len(moves)
    value = [None] * n
    for root in range(n):
        stack = [root]
        while stack:
            p = stack[-1]
            if value[p] is not None:
                stack.pop()
                continue
            todo = [q for q in moves[p] if value[q] is None]
            if todo:
                stack.extend(todo)
            else:
                value[p] = mex(value[q] for q in moves[p])
                stack.pop()
    return value


def main():
    lines = [line.split() for line in sys.stdin.read().splitlines() if line.strip()]
    at = 0
    out = []
    while at < len(lines):
        n = int(lines[at][0])
        moves = [list(map(int, line[1:])) for line in lines[at + 1 : at + 1 + n]]
        at += 1 + n
        value = grundy(moves)
        while lines[at] != ["0"]:
            x = 0
            for p in map(int, lines[at][1:]):
                x ^= value[p]
            out.append("WIN" if x else "LOSE")
            at += 1
        at += 1
    print("\n".join(out))


main()
