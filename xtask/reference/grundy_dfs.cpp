// A typical accepted POJ 2425 solution: scanf input, adjacency vectors, recursive DFS
// computing Sprague-Grundy values with a mex array, memoised per test case.
#include <cstdio>
#include <cstring>
#include <vector>
using namespace std;

const int MAXN = 1005;
vector<int> g[MAXN];
int sg[MAXN];
int n;

int dfs(int u) {
    if (sg[u] != -1) return sg[u];
    bool vis[MAXN];
    memset(vis, 0, sizeof(vis));
    for (size_t i = 0; i < g[u].size(); i++) vis[dfs(g[u][i])] = true;
    for (int i = 0;; i++)
        if (!vis[i]) return sg[u] = i;
}

int main() {
    while (scanf("%d", &n) != EOF) {
        for (int i = 0; i < n; i++) {
            g[i].clear();
            int x;
            scanf("%d", &x);
            while (x--) {
                int y;
                scanf("%d", &y);
                g[i].push_back(y);
            }
        }
        memset(sg, -1, sizeof(sg));
        int m;
        while (scanf("%d", &m) == 1 && m) {
            int ans = 0;
            while (m--) {
                int p;
                scanf("%d", &p);
                ans ^= dfs(p);
            }
            puts(ans ? "WIN" : "LOSE");
        }
    }
    return 0;
}
