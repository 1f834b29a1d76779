# Input validator: `n x` with 1 <= x <= n <= 10^9; exit 0 valid, 1 not.
import sys

words = sys.stdin.read().split()
ok = len(words) == 2 and all(w.isdigit() for w in words)
ok = ok and 1 <= int(words[1]) <= int(words[0]) <= 10**9
sys.exit(0 if ok else 1)
