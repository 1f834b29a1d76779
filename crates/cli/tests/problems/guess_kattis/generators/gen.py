# The hidden data of the guessing game: n, then the number x (1 <= x <= n).
import random
import sys

rng = random.Random(int(sys.argv[1]))
n = rng.randint(1, 20)
print(n, rng.randint(1, n))
