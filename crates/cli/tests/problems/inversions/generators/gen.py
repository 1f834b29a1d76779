import random
import sys

rng = random.Random(int(sys.argv[1]))
n = rng.randint(1, 30)
print(n)
print(*(rng.randint(0, 1000) for _ in range(n)))
