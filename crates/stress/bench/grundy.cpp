// A plain accepted-style POJ 2425 solution (acyclic graphs: Sprague-Grundy values by
// memoised DFS, XOR per query), used to measure the stress harness against a program that
// answers in about a millisecond. Built by bench.sh with g++ -O2; not part of CI.
#include <cstdio>
#include <vector>

static std::vector<std::vector<int>> moves;
static std::vector<int> value;

static int grundy(int p) {
    if (value[p] >= 0) return value[p];
    std::vector<char> seen(moves[p].size() + 2, 0);
    for (int q : moves[p]) {
        int g = grundy(q);
        if (g < (int)seen.size()) seen[g] = 1;
    }
    int g = 0;
    while (seen[g]) g++;
    return value[p] = g;
}

int main() {
    int n;
    while (scanf("%d", &n) == 1) {
        moves.assign(n, {});
        value.assign(n, -1);
        for (int i = 0; i < n; i++) {
            int x;
            if (scanf("%d", &x) != 1) return 1;
            moves[i].resize(x);
            for (int j = 0; j < x; j++)
                if (scanf("%d", &moves[i][j]) != 1) return 1;
        }
        int m;
        while (scanf("%d", &m) == 1 && m != 0) {
            int x = 0;
            for (int j = 0; j < m; j++) {
                int p;
                if (scanf("%d", &p) != 1) return 1;
                x ^= grundy(p);
            }
            puts(x ? "WIN" : "LOSE");
        }
    }
    return 0;
}
