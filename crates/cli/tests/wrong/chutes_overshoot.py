"""Chutes and Ladders (UVa 647) with ONE rule broken: a throw that would pass square 100
moves the counter to 100 (and wins) instead of being ignored. `--honest` restores the rule."""
import sys

HONEST = "--honest" in sys.argv


def main():
    it = iter(sys.stdin.read().split())
    throws = []
    while True:
        t = int(next(it))
        if t == 0:
            break
        throws.append(t)
    out = []
    while True:
        players = int(next(it))
        if players == 0:
            break
        jump = {}
        while True:
            a, b = int(next(it)), int(next(it))
            if a == 0 and b == 0:
                break
            jump[a] = b
        special = {}
        while True:
            k = int(next(it))
            if k == 0:
                break
            special[abs(k)] = "miss" if k < 0 else "extra"
        out.append(str(play(players, jump, special, throws)))
    print("\n".join(out))


def play(players, jump, special, throws):
    pos = [0] * players
    miss = [False] * players
    used = 0
    player = 0
    while True:
        if miss[player]:
            miss[player] = False
        else:
            while True:
                square = pos[player] + throws[used]
                used += 1
                if square > 100:
                    if HONEST:
                        break  # the throw is ignored
                    square = 100  # BUG: the overshoot moves the counter anyway
                while square in jump:
                    square = jump[square]
                pos[player] = square
                if square == 100:
                    return player + 1
                kind = special.get(square)
                if kind == "miss":
                    miss[player] = True
                if kind != "extra":
                    break
        player = (player + 1) % players


main()
