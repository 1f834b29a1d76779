import random
import sys

rng = random.Random(int(sys.argv[1]))
n = rng.randint(1, 20)
# Every other input all negative, so that the planted bug shows up.
top = 100 if rng.random() < 0.5 else -1
print(n)
print(*(rng.randint(-100, top) for _ in range(n)))
