n = int(input())
print(next(d for d in range(2, n + 1) if n % d == 0))
