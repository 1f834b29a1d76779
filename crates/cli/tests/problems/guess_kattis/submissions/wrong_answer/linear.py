# Asks 1, 2, 3, ... in turn: right, but too many queries once x > 1 + log2(n).
n = int(input())
for y in range(1, n + 1):
    print("?", y, flush=True)
    if input().strip() == "=":
        break
print("!", y, flush=True)
