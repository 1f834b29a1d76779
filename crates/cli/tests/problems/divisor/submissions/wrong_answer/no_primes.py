n = int(input())
d = 2
while d * d <= n and n % d:
    d += 1
print(d if d * d <= n else 1)  # the bug: a prime is its own divisor, not 1
