// The Snakes and Ladders judge solution a strong contestant writes for a large input: one
// fread of the whole input, a hand-rolled integer scanner, a flat jump table and an array
// queue reused between boards, the answers into one buffer and one fwrite.
// Boards of at most a few million squares (the judge's are up to 20 x 20); the input is trusted.
#include <cstdio>
#include <cstdlib>
#include <vector>
using namespace std;

static char *in_at, *in_end;

static inline bool next_int(long long &value) {
    while (in_at < in_end && (*in_at < '0' || *in_at > '9')) in_at++;
    if (in_at >= in_end) return false;
    long long v = 0;
    while (in_at < in_end && *in_at >= '0' && *in_at <= '9') v = v * 10 + (*in_at++ - '0');
    value = v;
    return true;
}

int main() {
    size_t capacity = 1 << 24, size = 0;
    char *buffer = (char *)malloc(capacity);
    for (;;) {
        if (size == capacity) buffer = (char *)realloc(buffer, capacity *= 2);
        size_t got = fread(buffer + size, 1, capacity - size, stdin);
        if (got == 0) break;
        size += got;
    }
    in_at = buffer;
    in_end = buffer + size;

    vector<int> jump, dist, queue;
    vector<char> out;
    out.reserve(1 << 20);
    long long n = 0, s = 0, l = 0;
    while (next_int(n) && next_int(s) && next_int(l)) {
        int goal = (int)(n * n);
        if ((int)jump.size() < goal + 1) {
            jump.resize(goal + 1);
            dist.resize(goal + 1);
            queue.resize(goal + 1);
        }
        for (int i = 0; i <= goal; i++) jump[i] = i, dist[i] = -1;
        for (long long i = 0; i < s + l; i++) {
            long long a = 0, b = 0;
            next_int(a);
            next_int(b);
            jump[a] = (int)b;
        }
        int head = 0, tail = 0;
        dist[1] = 0;
        queue[tail++] = 1;
        while (head < tail && dist[goal] < 0) {
            int at = queue[head++];
            int last = at + 6 < goal ? at + 6 : goal;
            for (int to = at + 1; to <= last; to++) {
                int end = to;
                while (jump[end] != end) end = jump[end];  // chains, if any
                if (dist[end] < 0) {
                    dist[end] = dist[at] + 1;
                    queue[tail++] = end;
                }
            }
        }
        char digits[16];
        int length = snprintf(digits, sizeof digits, "%d\n", dist[goal]);
        out.insert(out.end(), digits, digits + length);
    }
    fwrite(out.data(), 1, out.size(), stdout);
    return 0;
}
