# Kattis input validator: exit 42 for a valid input, 43 otherwise.
import re
import sys

text = sys.stdin.read()
match = re.fullmatch(r"(\d+)\n(\d+(?: \d+)*)\n", text)
ok = bool(match)
if ok:
    n = int(match.group(1))
    values = [int(v) for v in match.group(2).split()]
    ok = 1 <= n <= 1000 and len(values) == n and all(v <= 10**9 for v in values)
sys.exit(42 if ok else 43)
