"""猪国杀 (SDOI 2010), a complete simulator with ONE rule broken: when the MP kills a ZP it
forgets to throw away its hand and its crossbow. `--honest` restores the rule.
Rules as in docs/rules/pigs.md (section numbers below)."""
import sys

sys.setrecursionlimit(100000)
HONEST = "--honest" in sys.argv


class Over(Exception):
    def __init__(self, winner):
        self.winner = winner


def simulate(text):
    data = text.split()
    n, m = int(data[0]), int(data[1])
    role, hand = [], []
    for i in range(n):
        at = 2 + 5 * i
        role.append(data[at])
        hand.append(data[at + 1 : at + 5])
    deck = data[2 + 5 * n : 2 + 5 * n + m]
    hp = [4] * n
    equip = [False] * n
    jumped = [r == "MP" for r in role]
    similar = [False] * n
    dead = [False] * n
    state = {"ptr": 0, "fp_dead": 0}
    fp_total = role.count("FP")

    def draw(p, k):  # §3: the last card repeats once the deck is used up
        for _ in range(k):
            if state["ptr"] < m:
                hand[p].append(deck[state["ptr"]])
                state["ptr"] += 1
            else:
                hand[p].append(deck[m - 1])

    def nxt(i):
        j = (i + 1) % n
        while dead[j]:
            j = (j + 1) % n
        return j

    def side(p):
        return "rebel" if role[p] == "FP" else "loyal"

    def jump(p):
        jumped[p] = True
        similar[p] = False

    def die(v, src):  # §8
        dead[v] = True
        if role[v] == "MP":
            raise Over("FP")
        if role[v] == "ZP" and role[src] == "MP" and HONEST:  # BUG: without --honest, kept
            hand[src] = []
            equip[src] = False
        if role[v] == "FP":
            state["fp_dead"] += 1
            if state["fp_dead"] == fp_total:
                raise Over("MP")
            draw(src, 3)

    def damage(v, src):
        hp[v] -= 1
        if hp[v] == 0:
            if "P" in hand[v]:
                hand[v].remove("P")
                hp[v] = 1
            else:
                die(v, src)

    def offer(start, s):  # §10
        p = start
        while True:
            if side(p) == s and "J" in hand[p]:
                hand[p].remove("J")
                jump(p)
                return not offer(p, "loyal" if s == "rebel" else "rebel")
            p = nxt(p)
            if p == start:
                return False

    def protect(user, t):
        return jumped[t] and offer(user, side(t))

    def k_target(x):  # §6
        t = nxt(x)
        if role[x] == "MP":
            ok = similar[t] or (role[t] == "FP" and jumped[t])
        elif role[x] == "ZP":
            ok = role[t] == "FP" and jumped[t]
        else:
            ok = role[t] != "FP" and jumped[t]
        return t if ok else None

    def f_target(x):
        if role[x] == "FP":
            return 0
        p = nxt(x)
        while p != x:
            if role[p] == "FP" and jumped[p]:
                return p
            if role[x] == "MP" and similar[p]:
                return p
            p = nxt(p)
        return None

    def usable(x, c, k_used):
        if c == "P":
            return x if hp[x] < 4 else None
        if c == "K":
            return k_target(x) if (k_used == 0 or equip[x]) else None
        if c == "F":
            return f_target(x)
        if c in "NWZ":
            return x
        return None

    def resolve(x, c, t):  # §7
        if c == "P":
            hp[x] += 1
        elif c == "Z":
            equip[x] = True
        elif c == "K":
            if jumped[t]:
                jump(x)
            if "D" in hand[t]:
                hand[t].remove("D")
            else:
                damage(t, x)
        elif c == "F":
            jump(x)
            if role[x] == "MP" and role[t] == "ZP":
                damage(t, x)
                return
            if protect(x, t):
                return
            while True:
                if "K" in hand[t]:
                    hand[t].remove("K")
                else:
                    damage(t, x)
                    return
                if "K" in hand[x]:
                    hand[x].remove("K")
                else:
                    damage(x, t)
                    return
        else:
            need = "K" if c == "N" else "D"
            p = nxt(x)
            while p != x:
                if not protect(x, p):
                    if need in hand[p]:
                        hand[p].remove(need)
                    else:
                        damage(p, x)
                        if role[p] == "MP" and not jumped[x]:
                            similar[x] = True
                p = nxt(p)

    def play(x):  # §5
        k_used = 0
        i = 0
        while i < len(hand[x]):
            c = hand[x][i]
            t = usable(x, c, k_used)
            if t is None:
                i += 1
                continue
            del hand[x][i]
            resolve(x, c, t)
            if c == "K":
                k_used += 1
            if dead[x]:
                return
            i = 0

    try:
        cur = 0
        while True:  # §4
            if state["fp_dead"] == fp_total:
                raise Over("MP")
            draw(cur, 2)
            play(cur)
            cur = nxt(cur)
    except Over as over:
        lines = [over.winner]
    for p in range(n):
        lines.append("DEAD" if dead[p] else " ".join(hand[p]))
    return "\n".join(lines) + "\n"


sys.stdout.write(simulate(sys.stdin.read()))
