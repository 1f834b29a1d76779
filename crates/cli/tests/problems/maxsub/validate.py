import re
import sys

text = sys.stdin.read()
match = re.fullmatch(r"(\d+)\n(-?\d+(?: -?\d+)*)\n", text)
if not match:
    sys.exit("expected n on a line, then the numbers on one line")
n = int(match.group(1))
values = [int(v) for v in match.group(2).split()]
if not 1 <= n <= 100 or len(values) != n:
    sys.exit(f"n = {n} but {len(values)} numbers")
if any(not -100 <= v <= 100 for v in values):
    sys.exit("a number outside [-100, 100]")
