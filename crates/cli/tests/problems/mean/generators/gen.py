import random
import sys

rng = random.Random(int(sys.argv[1]))
n = rng.randint(1, 12)
print(n)
print(*(rng.randint(-1000, 1000) for _ in range(n)))
