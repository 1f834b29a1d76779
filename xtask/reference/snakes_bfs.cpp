// Reference for `cargo xtask bench snakes`: the straightforward judge solution, a breadth-first
// search over every square of each board (N*N + 1 ints of memory and time per board).
#include <cstdio>
#include <vector>

int main() {
    long long n, s, l;
    while (scanf("%lld %lld %lld", &n, &s, &l) == 3) {
        long long goal = n * n;
        std::vector<int> jump(goal + 1, 0);
        for (long long i = 0; i < s + l; i++) {
            long long a, b;
            if (scanf("%lld %lld", &a, &b) != 2) return 1;
            jump[a] = (int)b;
        }
        std::vector<int> dist(goal + 1, -1);
        std::vector<int> queue;
        queue.reserve(goal + 1);
        dist[1] = 0;
        queue.push_back(1);
        for (size_t head = 0; head < queue.size() && dist[goal] < 0; head++) {
            int at = queue[head];
            for (int die = 1; die <= 6 && at + die <= goal; die++) {
                int to = at + die;
                while (jump[to]) to = jump[to];  // chains, if any
                if (dist[to] < 0) {
                    dist[to] = dist[at] + 1;
                    queue.push_back(to);
                }
            }
        }
        printf("%d\n", dist[goal]);
    }
    return 0;
}
