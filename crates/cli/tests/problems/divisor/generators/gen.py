import random
import sys

rng = random.Random(int(sys.argv[1]))
print(rng.randint(2, 10**6))
