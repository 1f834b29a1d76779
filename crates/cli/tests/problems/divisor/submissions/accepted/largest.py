# Another correct answer: n itself divides n.
print(int(input()))
