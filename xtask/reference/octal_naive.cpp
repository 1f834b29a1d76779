// The plain O(N^2) way to the nim-values of an octal game: for every heap, every move is
// listed and its value set in a bit set; the mex is the first zero bit.
// Input (stdin): the code (d0.d1d2...) and N. Output: G(0) ... G(N) on one line.
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>
using namespace std;

int main() {
    string code;
    long long n;
    if (!(cin >> code >> n) || code.size() < 3 || code[1] != '.') return 1;
    vector<int> d;
    d.push_back(code[0] - '0');
    for (size_t i = 2; i < code.size(); i++) d.push_back(code[i] - '0');
    vector<uint32_t> g(n + 1, 0);
    size_t cap = 64;  // a power of two above every value so far (so above every XOR)
    vector<uint64_t> seen(cap / 64 + 1);
    for (long long h = 1; h <= n; h++) {
        fill(seen.begin(), seen.end(), 0);
        for (size_t k = 0; k < d.size() && (long long)k <= h; k++) {
            long long rest = h - (long long)k;
            if ((d[k] & 1) && k > 0 && rest == 0) seen[0] |= 1;
            if ((d[k] & 2) && k > 0 && rest > 0) seen[g[rest] >> 6] |= 1ULL << (g[rest] & 63);
            if (d[k] & 4)
                for (long long a = 1; a <= rest / 2; a++) {
                    uint32_t x = g[a] ^ g[rest - a];
                    seen[x >> 6] |= 1ULL << (x & 63);
                }
        }
        size_t w = 0;
        while (seen[w] == ~0ULL) w++;
        uint32_t mex = (uint32_t)(w * 64 + __builtin_ctzll(~seen[w]));
        g[h] = mex;
        if (mex >= cap) {
            while (cap <= mex) cap *= 2;
            seen.assign(cap / 64 + 1, 0);
        }
    }
    string out;
    out.reserve((size_t)(n + 1) * 4);
    char buffer[16];
    for (long long h = 0; h <= n; h++) {
        if (h > 0) out.push_back(' ');
        int len = snprintf(buffer, sizeof buffer, "%u", g[h]);
        out.append(buffer, len);
    }
    out.push_back('\n');
    fwrite(out.data(), 1, out.size(), stdout);
    return 0;
}
