# Binary search for the hidden number: correct.
n = int(input())
lo, hi = 1, n
while lo < hi:
    mid = (lo + hi) // 2
    print("?", mid, flush=True)
    reply = input().strip()
    if reply == "=":
        lo = hi = mid
    elif reply == "<":
        hi = mid - 1
    else:
        lo = mid + 1
print("!", lo, flush=True)
