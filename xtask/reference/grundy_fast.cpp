// The POJ 2425 solution a strong contestant writes for a 43 MB input: one fread of the whole
// input, a hand-rolled integer scanner, the moves in CSR arrays, Sprague-Grundy values by an
// iterative DFS with a stamped mex array, the answers into one buffer and one fwrite.
// Acyclic graphs only (as the judge's); the input is trusted.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
using namespace std;

static char *in_at, *in_end;

static inline bool next_int(int &value) {
    while (in_at < in_end && (*in_at < '0' || *in_at > '9')) in_at++;
    if (in_at >= in_end) return false;
    int v = 0;
    while (in_at < in_end && *in_at >= '0' && *in_at <= '9') v = v * 10 + (*in_at++ - '0');
    value = v;
    return true;
}

int main() {
    // The whole input in one buffer, grown by doubling (stdin may be a pipe).
    size_t capacity = 1 << 26, size = 0;
    char *buffer = (char *)malloc(capacity);
    for (;;) {
        if (size == capacity) buffer = (char *)realloc(buffer, capacity *= 2);
        size_t got = fread(buffer + size, 1, capacity - size, stdin);
        if (got == 0) break;
        size += got;
    }
    in_at = buffer;
    in_end = buffer + size;

    vector<int> start, moves, sg, stamp, stack, next;
    vector<char> out;
    out.reserve(size / 2 + 16);
    int n = 0;
    while (next_int(n)) {
        start.assign(n + 1, 0);
        moves.clear();
        for (int i = 0; i < n; i++) {
            int x = 0, y = 0;
            next_int(x);
            for (int k = 0; k < x; k++) {
                next_int(y);
                moves.push_back(y);
            }
            start[i + 1] = (int)moves.size();
        }
        // Values: post-order by an explicit stack; next[u] is the next move of u to look at.
        sg.assign(n, -1);
        stamp.assign(n + 2, -1);
        next.assign(n, 0);
        for (int root = 0; root < n; root++) {
            if (sg[root] >= 0) continue;
            stack.clear();
            stack.push_back(root);
            next[root] = start[root];
            while (!stack.empty()) {
                int u = stack.back();
                if (next[u] < start[u + 1]) {
                    int v = moves[next[u]++];
                    if (sg[v] < 0) {
                        next[v] = start[v];
                        stack.push_back(v);
                    }
                    continue;
                }
                // Every successor is done: the mex, with stamps instead of clearing.
                for (int e = start[u]; e < start[u + 1]; e++) {
                    int value = sg[moves[e]];
                    if (value <= n) stamp[value] = u;
                }
                int mex = 0;
                while (stamp[mex] == u) mex++;
                sg[u] = mex;
                stack.pop_back();
            }
        }
        int m = 0;
        while (next_int(m) && m) {
            int x = 0, p = 0;
            while (m--) {
                next_int(p);
                x ^= sg[p];
            }
            const char *word = x ? "WIN\n" : "LOSE\n";
            out.insert(out.end(), word, word + (x ? 4 : 5));
        }
    }
    fwrite(out.data(), 1, out.size(), stdout);
    return 0;
}
