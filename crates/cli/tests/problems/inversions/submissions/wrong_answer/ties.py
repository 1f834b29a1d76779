# Merge sort counting, with the planted bug: a tie counts as an inversion.
def count(a):
    if len(a) <= 1:
        return a, 0
    left, x = count(a[: len(a) // 2])
    right, y = count(a[len(a) // 2 :])
    merged, inversions, i = [], x + y, 0
    for v in right:
        while i < len(left) and left[i] < v:  # should be <=
            merged.append(left[i])
            i += 1
        inversions += len(left) - i
        merged.append(v)
    return merged + left[i:], inversions


n = int(input())
print(count(list(map(int, input().split())))[1])
