# Kattis input validator: exit 42 for a valid input, 43 otherwise.
import re
import sys

match = re.fullmatch(r"(\d+)\n", sys.stdin.read())
sys.exit(42 if match and 2 <= int(match.group(1)) <= 10**9 else 43)
