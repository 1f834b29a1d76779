n = int(input())
print(sum(map(int, input().split())) // n)  # the bug: integer division
