# Kattis output validator: validate.py input answer feedback_dir < output; 42 accepted, 43 wrong.
import sys

n = int(open(sys.argv[1]).read())
words = sys.stdin.read().split()
ok = len(words) == 1 and words[0].isdigit() and 1 < int(words[0]) and n % int(words[0]) == 0
if not ok:
    with open(sys.argv[3] + "/judgemessage.txt", "w") as feedback:
        feedback.write(f"{' '.join(words)[:50]} is not a divisor of {n} above 1\n")
sys.exit(42 if ok else 43)
