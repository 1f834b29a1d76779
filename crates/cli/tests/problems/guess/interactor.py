# testlib-style interactor: interactor.py input output, talking on stdin and stdout.
# It prints n; the program asks `? y` (answered `<` when x < y, `>` when x > y, `=`),
# at most 1 + log2(n) times, then answers `! x`. Exit 0 accepted, 1 wrong answer,
# 2 presentation error, 3 bad hidden data; the message on stderr.
import math
import sys


def verdict(code, message):
    print(message, file=sys.stderr)
    sys.exit(code)


try:
    n, x = map(int, open(sys.argv[1]).read().split())
    assert 1 <= x <= n
except (ValueError, AssertionError):
    verdict(3, "bad hidden data: expected `n x` with 1 <= x <= n")
limit = math.ceil(math.log2(n)) + 1
print(n, flush=True)
queries = 0
while True:
    line = sys.stdin.readline()
    if not line:
        verdict(1, "unexpected end of the program's output: no answer")
    words = line.split()
    if len(words) != 2 or words[0] not in ("?", "!") or not words[1].lstrip("-").isdigit():
        verdict(2, f"not a query: {line.strip()[:40]!r}")
    y = int(words[1])
    if words[0] == "!":
        with open(sys.argv[2], "w") as output:
            output.write(f"{queries}\n")
        if y != x:
            verdict(1, f"answered {y}, the number is {x}")
        verdict(0, f"found {x} in {queries} queries")
    queries += 1
    if queries > limit:
        verdict(1, f"more than {limit} queries")
    print("<" if x < y else ">" if x > y else "=", flush=True)
