# testlib order: checker.py input output answer; exit 0 accepted, 1 wrong.
import sys

n = int(open(sys.argv[1]).read())
words = open(sys.argv[2]).read().split()
if len(words) == 1 and words[0].isdigit() and 1 < int(words[0]) and n % int(words[0]) == 0:
    sys.exit(0)
print(f"{' '.join(words)[:50]} is not a divisor of {n} above 1")
sys.exit(1)
