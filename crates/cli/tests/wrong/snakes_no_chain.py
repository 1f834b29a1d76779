"""Snakes and Ladders (fewest throws) with ONE rule broken: a jump that ends on the start of
another jump is not followed further. `--honest` restores the rule."""
import sys
from collections import deque

HONEST = "--honest" in sys.argv


def main():
    data = list(map(int, sys.stdin.read().split()))
    at = 0
    out = []
    while at < len(data):
        n, s, l = data[at : at + 3]
        at += 3
        jump = {}
        for _ in range(s + l):
            jump[data[at]] = data[at + 1]
            at += 2
        out.append(str(fewest(n * n, jump)))
    print("\n".join(out))


def land(square, jump):
    if HONEST:
        while square in jump:
            square = jump[square]
        return square
    return jump.get(square, square)  # BUG: one jump only, no chain


def fewest(goal, jump):
    dist = {1: 0}
    queue = deque([1])
    while queue:
        square = queue.popleft()
        if square == goal:
            return dist[square]
        for throw in range(1, 7):
            if square + throw > goal:
                break
            nxt = land(square + throw, jump)
            if nxt not in dist:
                dist[nxt] = dist[square] + 1
                queue.append(nxt)
    return -1


main()
