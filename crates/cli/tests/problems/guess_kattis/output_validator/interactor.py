# Kattis/ICPC interactor (the output validator of an interactive problem):
# interactor.py input answer feedback_dir, talking on stdin and stdout.
# It prints n; the program asks `? y` (answered `<` when x < y, `>` when x > y, `=`),
# at most 1 + log2(n) times, then answers `! x`. Exit 42 accepted, 43 rejected, the
# message in feedback_dir/judgemessage.txt.
import math
import sys


def verdict(accepted, message):
    with open(sys.argv[3] + "/judgemessage.txt", "w") as feedback:
        feedback.write(message + "\n")
    sys.exit(42 if accepted else 43)


n, x = map(int, open(sys.argv[1]).read().split())
limit = math.ceil(math.log2(n)) + 1
print(n, flush=True)
queries = 0
for line in sys.stdin:
    words = line.split()
    if len(words) != 2 or words[0] not in ("?", "!") or not words[1].lstrip("-").isdigit():
        verdict(False, f"not a query: {line.strip()[:40]!r}")
    y = int(words[1])
    if words[0] == "!":
        verdict(y == x, f"answered {y}, the number is {x}" if y != x else f"found {x}")
    queries += 1
    if queries > limit:
        verdict(False, f"more than {limit} queries")
    print("<" if x < y else ">" if x > y else "=", flush=True)
verdict(False, "unexpected end of the program's output: no answer")
