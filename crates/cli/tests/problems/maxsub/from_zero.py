n = int(input())
a = list(map(int, input().split()))
best = here = 0  # the bug: best should start at a[0]
for v in a:
    here = max(here + v, v)
    best = max(best, here)
print(best)
